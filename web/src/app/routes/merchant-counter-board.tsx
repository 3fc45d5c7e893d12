export { CounterBoardPage as Component } from '@/features/counter/components/counter-board-page';
