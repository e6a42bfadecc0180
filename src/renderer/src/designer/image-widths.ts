import { useEffect, useState } from 'react';

/** Widths of pictures already measured, by their data (a logo is measured once, however often the page renders). */
const measured = new Map<string, number>();

const sourceOf = (image: string): string => (image.startsWith('data:') ? image : `data:image/png;base64,${image}`);

/** The pixel width of each picture, as the browser decodes it; a picture appears once it has been measured. */
export function useImageWidths(images: readonly string[]): ReadonlyMap<string, number> {
  const [, setVersion] = useState(0);
  const pending = images.filter((image) => image !== '' && !measured.has(image));
  const key = pending.join('\n');
  useEffect(() => {
    let alive = true;
    for (const image of pending) {
      const element = new Image();
      element.onload = () => {
        measured.set(image, element.naturalWidth);
        if (alive) setVersion((version) => version + 1);
      };
      element.src = sourceOf(image);
    }
    return () => {
      alive = false;
    };
    // `key` stands for `pending`: a new array each render, the same pictures.
  }, [key]);
  return measured;
}
