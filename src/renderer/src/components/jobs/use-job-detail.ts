import { useEffect, useRef, useState } from 'react';
import type { JobDetail, Preview } from '../../../../shared/contract/types';
import { api } from '../../api/api';
import { useJobsStore } from '../../stores/jobs-store';
import { problemOf, type Problem } from '../../stores/store-problem';

export interface JobDetailView {
  /** undefined while reading, null when the job is no longer in the history. */
  job: JobDetail | null | undefined;
  /** The picture of the bytes its document makes (what it printed, or will print). */
  preview: Preview | undefined;
  problem: Problem | undefined;
}

/**
 * An open job, read again whenever the list is (the service pushed a job event), so its state and timeline follow
 * a reprint or a cancel. The preview is made once: the document of a job never changes.
 */
export function useJobDetail(id: string | undefined): JobDetailView {
  const version = useJobsStore((state) => state.version);
  const [view, setView] = useState<JobDetailView>({ job: undefined, preview: undefined, problem: undefined });
  /** The list's read when the job was opened: the first read covers it. */
  const openedAt = useRef(version);

  useEffect(() => {
    setView({ job: undefined, preview: undefined, problem: undefined });
    openedAt.current = useJobsStore.getState().version;
    if (id === undefined) return;
    let current = true;
    void (async () => {
      try {
        const job = await api.getJob({ id });
        if (!current) return;
        setView((view) => ({ ...view, job }));
        if (job === null) return;
        const preview = await api.renderPreview({ document: job.datos });
        if (current) setView((view) => ({ ...view, preview }));
      } catch (error) {
        if (current) setView((view) => ({ ...view, problem: problemOf(error) }));
      }
    })();
    return () => {
      current = false;
    };
  }, [id]);

  useEffect(() => {
    if (id === undefined || version === openedAt.current) return;
    let current = true;
    api.getJob({ id }).then(
      (job) => current && setView((view) => ({ ...view, job })),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [id, version]);

  return view;
}
