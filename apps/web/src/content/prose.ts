/** A titled part of a long page (a policy, an article): paragraphs, then an optional list. */
export interface ProseSection {
  heading: string;
  paragraphs: string[];
  list?: string[];
}
