// Accessibility scan of the app's views, shard 4 of a11y-views.mjs's SHARDS (the views and the scan are there).
import { scanShard } from './a11y-views.mjs';

scanShard(4);
