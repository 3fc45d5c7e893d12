import type { MessageHandler, RealtimeMessage } from './realtime-client';

/**
 * Who listens to which topic, shared by both transports. `onTopicsChanged` fires when the set of
 * topics (not merely the set of handlers) changes, so a transport joins or leaves channels only then.
 */
export class TopicHub {
  private handlers = new Map<string, Set<MessageHandler>>();
  private reconnectListeners = new Set<() => void>();

  constructor(private onTopicsChanged: (topics: string[]) => void = () => {}) {}

  subscribe(topic: string, handler: MessageHandler): () => void {
    let set = this.handlers.get(topic);
    const isNewTopic = !set;
    if (!set) this.handlers.set(topic, (set = new Set()));
    set.add(handler);
    if (isNewTopic) this.onTopicsChanged(this.topics());
    return () => {
      const current = this.handlers.get(topic);
      if (!current?.delete(handler) || current.size > 0) return;
      this.handlers.delete(topic);
      this.onTopicsChanged(this.topics());
    };
  }

  topics(): string[] {
    return [...this.handlers.keys()].sort();
  }

  dispatch(message: RealtimeMessage): void {
    for (const handler of this.handlers.get(message.topic) ?? []) handler(message);
  }

  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  reconnected(): void {
    for (const listener of this.reconnectListeners) listener();
  }
}
