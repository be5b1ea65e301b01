import { notifications } from '@mantine/notifications';
import { TOAST } from '@prosa/shared/messages';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import { createElement } from 'react';
import { errorMessage } from './api';

type ToastOptions = { id?: string; autoClose?: number };

const icon = (Icon: typeof IconCheck) => createElement(Icon, { size: 18, stroke: 2 });

// Spec toasts (spec 1 §8, spec 2 §9): fixed titles, a default text that the server's message replaces.
export const toast = {
  success(message?: string, opts: ToastOptions = {}) {
    notifications.show({
      id: opts.id,
      title: TOAST.successTitle,
      message: message || TOAST.successDefault,
      color: 'teal',
      icon: icon(IconCheck),
      autoClose: opts.autoClose ?? TOAST.autoCloseMs,
    });
  },
  error(message?: string, opts: ToastOptions = {}) {
    notifications.show({
      id: opts.id,
      title: TOAST.errorTitle,
      message: message || TOAST.errorDefault,
      color: 'red',
      icon: icon(IconX),
      autoClose: opts.autoClose ?? TOAST.autoCloseMs,
    });
  },
  /** Permission warnings stay 6 s instead of 3 s. */
  warning(message?: string, opts: ToastOptions & { permission?: boolean } = {}) {
    notifications.show({
      id: opts.id,
      title: TOAST.warningTitle,
      message: message || TOAST.warningDefault,
      color: 'yellow',
      icon: icon(IconAlertTriangle),
      autoClose: opts.autoClose ?? (opts.permission ? TOAST.permissionAutoCloseMs : TOAST.autoCloseMs),
    });
  },
  /** Neutral news (e.g. the open attendance was finalized by someone else). */
  info(message: string, opts: ToastOptions = {}) {
    notifications.show({
      id: opts.id,
      title: 'Aviso',
      message,
      color: 'blue',
      icon: icon(IconInfoCircle),
      autoClose: opts.autoClose ?? TOAST.autoCloseMs,
    });
  },
  /** Error toast for a failed call: the server's message wins over `fallback`, which wins over the default. */
  apiError(error: unknown, fallback?: string) {
    toast.error(errorMessage(error, fallback));
  },
};
