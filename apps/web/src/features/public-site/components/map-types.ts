export interface MapOptions {
  center: { lat: number; lng: number };
  zoom: number;
  singleZoom: number;
  onSelect?: (officeId: string) => void;
}

export interface MapHandle {
  focus(officeId: string | null): void;
  destroy(): void;
}
