/**
 * What a run decided (config file, namespace, ID, owner, ...), for --verbose. Core code reports
 * decisions here and never prints; the CLI installs a sink that writes them to stderr. Without a
 * sink (the default) a report costs one comparison: the message is built only when listened to.
 */
type Sink = (topic: string, message: string) => void;

let sink: Sink | undefined;

export function setDiagnosticsSink(next: Sink | undefined): void {
  sink = next;
}

export function note(topic: string, message: () => string): void {
  if (sink) sink(topic, message());
}
