// Entry of a campus reader thread: one answer per thread (see campus-read-thread), read and handed back as plain data.
import { parentPort, workerData } from 'node:worker_threads';
import { readCampusBody } from './campus-reader';
import type { CampusMethod, CampusReadRequest } from './campus-reading';

parentPort?.postMessage(readCampusBody(workerData as CampusReadRequest<CampusMethod>));
