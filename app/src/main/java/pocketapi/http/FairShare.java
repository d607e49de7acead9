package pocketapi.http;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Each client's fair share of the request threads: while more than half of them are busy, a client
 * with more than an eighth of them under way is refused. Thread-safe; a client's count is dropped
 * when it reaches 0, so the map holds only the clients with requests under way.
 */
final class FairShare {
    private final int threads;
    private final AtomicInteger busy = new AtomicInteger();
    private final ConcurrentHashMap<String, AtomicInteger> byClient = new ConcurrentHashMap<>();

    FairShare(int threads) {
        this.threads = threads;
    }

    /** Counts a request of {@code client} as under way, unless it is refused (false: not counted). */
    boolean enter(String client) {
        AtomicInteger mine = byClient.compute(client, (k, n) -> {
            AtomicInteger count = n == null ? new AtomicInteger() : n;
            count.incrementAndGet();
            return count;
        });
        int all = busy.incrementAndGet();
        if (all > threads / 2 && mine.get() > Math.max(1, threads / 8)) {
            leave(client);
            return false;
        }
        return true;
    }

    /** A request {@link #enter} let in is done. */
    void leave(String client) {
        busy.decrementAndGet();
        byClient.computeIfPresent(client, (k, n) -> n.decrementAndGet() == 0 ? null : n);
    }

    /** Requests under way, of everyone and of {@code client}. */
    int[] underWay(String client) {
        AtomicInteger mine = byClient.get(client);
        return new int[] {busy.get(), mine == null ? 0 : mine.get()};
    }
}
