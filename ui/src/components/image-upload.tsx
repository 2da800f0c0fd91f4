/**
 * An image picker that uploads at once (the company logo, a product's picture): preview, file
 * field, "Subir" and "Quitar". It is not a `<form>` of its own, so it also fits inside another
 * form (the product modal). The server enforces the same rules and answers in Spanish.
 */
import { useRef, useState } from 'react';
import { ApiError, apiPost, apiUpload } from '../lib/api';
import { toast } from '../lib/toast';
import { Notice } from './form';

/** Largest image the server accepts (server/http/upload.rs). */
export const IMAGE_MAX_KB = 512;

export interface ImageUploadProps {
  /** What the image is, for the button and the file field ("Logo", "Imagen"). */
  title: string;
  /** Toasts after a change ("Logo actualizado", "Imagen del producto eliminada"). */
  saved: string;
  removed: string;
  /** Current image address (with its `?v=` version), or null without one. */
  src: string | null;
  /** The image's address: `POST` multipart uploads it, `GET` serves it. */
  uploadUrl: string;
  /** `POST` here removes it. */
  deleteUrl: string;
  /** Multipart field name the endpoint reads. */
  field: string;
  hint: string;
  alt: string;
  testId?: string;
  /** After a change (reload the page's data). */
  onChanged?: () => void;
}

export function ImageUpload({ title, saved, removed, src, uploadUrl, deleteUrl, field, hint, alt, testId, onChanged }: ImageUploadProps) {
  const input = useRef<HTMLInputElement>(null);
  const [current, setCurrent] = useState(src);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const upload = async () => {
    const file = input.current?.files?.[0];
    if (!file || file.size === 0) return setProblem('Elija una imagen PNG o JPEG.');
    if (file.size > IMAGE_MAX_KB * 1024) return setProblem(`La imagen no puede pesar más de ${IMAGE_MAX_KB} KB.`);
    const form = new FormData();
    form.append(field, file);
    setBusy(true);
    setProblem('');
    try {
      await apiUpload(uploadUrl, form, { quiet: true });
      toast({ title: saved, color: 'success' });
      if (input.current) input.current.value = '';
      setCurrent(`${uploadUrl}?v=${Date.now()}`);
      onChanged?.();
    } catch (error) {
      setProblem(error instanceof ApiError ? error.body.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      await apiPost(deleteUrl);
      toast({ title: removed, color: 'success' });
      setCurrent(null);
      onChanged?.();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-3" data-testid={testId}>
      <div className="flex items-center gap-4">
        <div className="flex h-24 w-40 shrink-0 items-center justify-center rounded border border-dashed border-gray-300 bg-gray-50 dark:border-gray-700 dark:bg-gray-800">
          {current ? (
            <img src={current} alt={alt} className="max-h-22 max-w-38 object-contain" />
          ) : (
            <span className="text-xs text-gray-500">Sin imagen</span>
          )}
        </div>
        <div className="space-y-2 text-sm">
          <input ref={input} type="file" accept="image/png,image/jpeg" className="block text-sm" aria-label={`Archivo: ${title.toLowerCase()}`} />
          <p className="text-xs text-gray-500">{hint}</p>
          <div className="flex gap-2">
            <button type="button" className="btn btn-primary" disabled={busy} onClick={upload}>
              {busy ? 'Subiendo…' : `Subir ${title.toLowerCase()}`}
            </button>
            {current && (
              <button type="button" className="btn btn-secondary" disabled={busy} onClick={remove}>
                Quitar
              </button>
            )}
          </div>
        </div>
      </div>
      {problem && <Notice kind="error">{problem}</Notice>}
    </div>
  );
}
