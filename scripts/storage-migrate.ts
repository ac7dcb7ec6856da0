// npm run storage:migrate: copies $DATA_DIR/uploads into the S3_BUCKET bucket under the same keys. Re-runnable:
// files already there with the same size are skipped. Run it before switching instances to the bucket.
import { copyUploadsToBucket } from "../apps/server/src/adapters/copy-uploads-to-bucket";
import { uploadsDir } from "../apps/server/src/adapters/local-storage";
import { createS3Storage, s3OptionsOf } from "../apps/server/src/adapters/s3-storage";
import { loadDotEnvFile, loadEnv } from "../apps/server/src/env";

loadDotEnvFile();
const env = loadEnv();
const options = s3OptionsOf(env);
if (!options) {
  console.error("S3_BUCKET is not set: there is no bucket to copy the uploads folder to.");
  process.exit(1);
}
const root = uploadsDir(env.dataDir);
const bucket = createS3Storage(options);
console.log(
  `copying ${root} to bucket ${options.bucket}${options.endpoint ? ` at ${options.endpoint}` : ""}`,
);
const counts = await copyUploadsToBucket(root, bucket, (line) => console.error(line));
console.log(`copied ${counts.copied}, already there ${counts.skipped}, failed ${counts.failed}`);
bucket.client.destroy();
if (counts.failed > 0) process.exit(1);
