package pocketapi.web;

/**
 * Who a request is, worked out once by {@link Callers}: its user id (the counters' and the access log's), the client's
 * address, the peer it came through, and whether its calls are counted ({@code STATS_IGNORE}). Immutable.
 */
public record Caller(String user, String client, String via, boolean counted) {}
