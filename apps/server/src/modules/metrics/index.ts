// The metrics module's public face (README.md): the endpoint the metrics plugin serves, and the
// counters services bump through AppDeps.metrics.
export { MetricsAllowError } from './access.js';
export { createMetricsEndpoint, type MetricsEndpoint } from './endpoint.js';
export { type HttpExchange, type TrpcFailure, UNKNOWN_PROCEDURE, UNMATCHED_ROUTE } from './http-metrics.js';
export { createServiceMetrics, type ServiceMetrics, type VideoReviewPhase } from './service-metrics.js';
