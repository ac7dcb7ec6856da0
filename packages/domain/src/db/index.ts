export type { Database, Db, DbKind, Schema } from "./database";
