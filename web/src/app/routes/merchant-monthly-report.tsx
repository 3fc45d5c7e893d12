export { MonthlyReportPage as Component } from '@/features/insights/components/monthly-report-page';
