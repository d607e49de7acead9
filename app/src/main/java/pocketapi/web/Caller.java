package pocketapi.web;

/**
 * Who a request is, worked out once by {@link Callers}: its user id (the counters' and the access log's), the client's
 * address, the peer it came through, whether its calls are counted ({@code STATS_IGNORE}), and the {@code User-Agent}
 * it sent (null: none), by which the counters tell crawlers apart. Immutable.
 */
public record Caller(String user, String client, String via, boolean counted, String agent) {
    /** A caller that sent no {@code User-Agent}. */
    public Caller(String user, String client, String via, boolean counted) {
        this(user, client, via, counted, null);
    }
}
