import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { type CSSProperties, useState } from 'react';
import { RouterProvider } from 'react-router';
import { NOTIFICATIONS_TOP } from './components/layout-sizes';
import notificationClasses from './components/notifications.module.css';
import { createQueryClient } from './lib/query-client';
import { createRouter } from './router';
import { theme } from './theme';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <DatesProvider settings={{ locale: 'pt-br', firstDayOfWeek: 0 }}>
        <QueryClientProvider client={queryClient}>
          <ModalsProvider labels={{ confirm: 'Confirmar', cancel: 'Cancelar' }}>
            {/* Below the header: a toast never covers On-line, Pausar or Sair (nor stays there while hovered). */}
            <Notifications
              position="top-right"
              limit={5}
              classNames={{ root: notificationClasses.root }}
              style={{ '--notifications-top': `${NOTIFICATIONS_TOP}px` } as CSSProperties}
            />
            <RouterProvider router={router} />
          </ModalsProvider>
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
