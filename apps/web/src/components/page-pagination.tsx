import { Pagination, type PaginationProps } from '@mantine/core';

const controlLabel = (control: string) =>
  control === 'previous'
    ? { 'aria-label': 'Página anterior' }
    : control === 'next'
      ? { 'aria-label': 'Próxima página' }
      : {};

/** Mantine's pagination with the previous/next buttons named in Portuguese. */
export function PagePagination(props: Omit<PaginationProps, 'getControlProps'>) {
  return <Pagination {...props} getControlProps={controlLabel} />;
}
