import type { ComponentProps, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** A plain table that scrolls sideways on narrow screens. */
export function DataTable({ label, headers, children, empty }: { label: string; headers: string[]; children: ReactNode; empty?: ReactNode }) {
  // relative: the sr-only header text (absolutely placed) stays inside the scrolling box, not past the page edge.
  return (
    <div className="relative overflow-x-auto rounded-xl border border-stone-200">
      <table className="min-w-full divide-y divide-stone-200 text-sm" aria-label={label}>
        <thead className="bg-stone-50">
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col" className="px-4 py-3 text-left font-semibold whitespace-nowrap text-stone-700">
                {header || <span className="sr-only">Actions</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100 bg-white">
          {children}
          {empty && (
            <tr>
              <td colSpan={headers.length} className="px-4 py-8 text-center text-stone-600">
                {empty}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

export function Cell({ children, className }: { children?: ReactNode; className?: string }) {
  return <td className={cn('px-4 py-3 align-middle text-stone-800', className)}>{children}</td>;
}

/** The last cell of a row: its action buttons, right-aligned on one line (none: the cell stays empty). */
export function ActionsCell({ children }: { children: ReactNode }) {
  return <Cell className="text-right whitespace-nowrap">{children && <div className="flex justify-end gap-2">{children}</div>}</Cell>;
}

/** A row's small action button; `label` names it with its row for screen readers ("Edit Lyons"). */
export function RowButton({ label, ...rest }: Omit<ComponentProps<typeof Button>, 'size' | 'aria-label'> & { label: string }) {
  return <Button size="sm" aria-label={label} {...rest} />;
}
