// Types of node-version.mjs, for the server's entry (apps/server/src/launch.ts).
export declare const NODE_MAJOR: number;
export declare function nodeTooOld(version: string, command: string): string | undefined;
export declare function requireNode(command: string): void;
