export { ImpactPage as Component } from '@/features/impact/components/impact-page';
