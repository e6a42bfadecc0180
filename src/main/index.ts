/** Electron main entry (out/main/index.js); all glue lives in ./app, the service in ./services. */
import { runApp } from './app/run-app';

runApp();
