/** The part of archiver 8's API we use (the package ships no types; @types/archiver describes v6). */
declare module "archiver" {
  import { Transform } from "node:stream";

  export interface EntryData {
    name: string;
    mode?: number;
    date?: Date;
  }

  export class ZipArchive extends Transform {
    constructor(options?: { zlib?: { level?: number }; store?: boolean });
    append(source: Buffer | string, data: EntryData): this;
    finalize(): Promise<void>;
  }
}
