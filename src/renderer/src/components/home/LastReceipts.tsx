import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, DialogTrigger, Spinner, Text } from '@fluentui/react-components';
import { useState } from 'react';
import type { JobSummary, PreviewImage } from '../../../../shared/contract/types';
import { api } from '../../api/api';
import { useFormats, useText } from '../../i18n';
import { useHomeStore } from '../../stores/home-store';
import { useHomeStyles } from './home-styles';

const SHOWN = 3;

interface Receipt {
  job: JobSummary;
  image: PreviewImage | null;
}

/** The virtual printer's last receipts, drawn again from their documents as the virtual printer drew them. */
export function LastReceipts() {
  const t = useText();
  const formats = useFormats();
  const styles = useHomeStyles();
  const jobs = useHomeStore((state) => state.jobs);
  const [receipts, setReceipts] = useState<Receipt[] | undefined>();
  const [failed, setFailed] = useState(false);
  const virtualJobs = jobs.filter((job) => job.printerUri === 'virtual' && job.state === 'success').slice(0, SHOWN);

  const open = async (): Promise<void> => {
    setReceipts(undefined);
    setFailed(false);
    try {
      const drawn = await Promise.all(
        virtualJobs.map(async (job): Promise<Receipt> => {
          const detail = await api.getJob({ id: job.id });
          if (!detail) return { job, image: null };
          const preview = await api.renderPreview({ document: detail.datos });
          return { job, image: preview.image };
        }),
      );
      setReceipts(drawn);
    } catch {
      setFailed(true);
    }
  };

  return (
    <Dialog onOpenChange={(_event, data) => data.open && void open()}>
      <DialogTrigger disableButtonEnhancement>
        <Button data-testid="home-last-receipts">{t('homeSeeReceipts')}</Button>
      </DialogTrigger>
      <DialogSurface aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>{t('homeReceiptsTitle')}</DialogTitle>
          <DialogContent>
            {failed ? (
              <Text>{t('homeReceiptsFailed')}</Text>
            ) : virtualJobs.length === 0 ? (
              <Text>{t('homeReceiptsNone')}</Text>
            ) : !receipts ? (
              <Spinner size="small" label={t('homeLoading')} />
            ) : (
              <div className={styles.receipts} data-testid="home-receipts">
                {receipts.map(({ job, image }) => (
                  <figure className={styles.receipt} key={job.id}>
                    {image ? (
                      <img
                        className={styles.paper}
                        src={`data:${image.mime};base64,${image.base64}`}
                        width={image.width}
                        height={image.height}
                        alt={t('homeReceiptAlt', { time: formats.dateTime(job.createdAt) })}
                      />
                    ) : (
                      <Text>{t('homeReceiptsFailed')}</Text>
                    )}
                    <figcaption>
                      <Text size={200}>{formats.dateTime(job.createdAt)}</Text>
                    </figcaption>
                  </figure>
                ))}
              </div>
            )}
          </DialogContent>
          <DialogActions>
            <DialogTrigger disableButtonEnhancement>
              <Button appearance="primary">{t('homeClose')}</Button>
            </DialogTrigger>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
