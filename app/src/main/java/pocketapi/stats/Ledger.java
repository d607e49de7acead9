package pocketapi.stats;

import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import pocketapi.stats.RedisStore.Batch;
import pocketapi.stats.RedisStore.Totals;

/**
 * What one instance knows of the shared counters: the totals last read from Redis
 * ({@link SharedBase}) and its own calls Redis has not confirmed ({@link Outbox}), under one lock,
 * so that a report is always "Redis's totals + exactly the calls they do not include", and N
 * concurrent calls of one user see N consecutive counts. Every method holds the lock for a few
 * map operations only: batches are made and written outside it. Thread-safe.
 *
 * <p>A read's answer is taken only when its marks are those of the sender's last answer: then it
 * includes exactly the batches confirmed here (one that raced the sender's batch is left for the
 * next read), so a user's unconfirmed sum is added to it without counting anything twice.
 */
final class Ledger {
    private final Outbox outbox;
    private final SharedBase base;
    /** The marks of the sender's last answer. */
    private final Map<String, Long> acked = new HashMap<>();

    Ledger(Outbox outbox, SharedBase base) {
        this.outbox = outbox;
        this.base = base;
    }

    synchronized void count(long today, String user) {
        outbox.add(today, user);
    }

    /** Counts the call and reports the counters including it. */
    synchronized Report countAndReport(long today, String user) {
        outbox.add(today, user);
        base.asked(user);
        SharedBase.Counts site = base.site();
        SharedBase.Counts mine = base.user(user);
        long[] siteExtra = outbox.siteNotIn(site.applied(), today);
        long[] userExtra = outbox.userPending(user, today);
        return new Report(LocalDate.ofEpochDay(today), user, site.total() + siteExtra[0],
                site.dailyOn(today) + siteExtra[1], mine.total() + userExtra[0], mine.dailyOn(today) + userExtra[1]);
    }

    synchronized boolean fresh(String user, long today, long now, long maxAge) {
        return base.fresh(user, today, now, maxAge);
    }

    /** Whether counting should go to disk before the next interval (it reached STATS_MAX_USERS users). */
    synchronized boolean full() {
        return outbox.full();
    }

    synchronized TreeMap<Long, Outbox.DayCounts> take() {
        return outbox.take();
    }

    synchronized void enqueue(List<Batch> batches, long[] offsets) {
        outbox.enqueue(batches, offsets);
    }

    synchronized List<Outbox.Entry> inMemory() {
        return outbox.inMemory();
    }

    synchronized void written(List<Outbox.Entry> entries, long[] offsets) {
        outbox.written(entries, offsets);
    }

    synchronized void restore(PendingLog.Stored stored) {
        outbox.restore(stored);
    }

    synchronized void inLog(String instance) {
        outbox.inLog(instance);
    }

    synchronized void logRemoved() {
        outbox.logRemoved();
    }

    synchronized Outbox.Entry head() {
        return outbox.head();
    }

    /** Redis applied {@code b} (the head's first batch), or refused it as expired, and answered {@code totals}. */
    synchronized void confirmed(Outbox.Entry head, Batch b, long nextOffset, Totals totals, long now) {
        if (!totals.expired()) {
            base.install(totals, b.day(), b.users().keySet(), now);
        }
        acked.putAll(totals.applied());
        outbox.confirmed(head, b, nextOffset);
    }

    /** The sender's own read (nothing to send): the site's totals, and its marks. */
    synchronized void senderRead(Totals totals, long day, long now) {
        base.install(totals, day, List.of(), now);
        acked.putAll(totals.applied());
    }

    /** An {@code /api/info} read's answer (it may arrive after its caller stopped waiting). */
    synchronized void read(Totals totals, long day, List<String> users, long now) {
        for (String instance : outbox.instances()) {
            if (!totals.applied().getOrDefault(instance, 0L).equals(acked.getOrDefault(instance, 0L))) {
                return;  // raced a batch of the sender's: the next read will agree
            }
        }
        base.install(totals, day, users, now);
    }

    String instance() {
        return outbox.instance();
    }

    synchronized boolean queueEmpty() {
        return outbox.queueEmpty();
    }

    synchronized boolean nothingPending() {
        return outbox.isEmpty();
    }

    synchronized Set<String> instances() {
        return outbox.instances();
    }

    synchronized long version() {
        return outbox.version();
    }

    synchronized long unconfirmedCalls() {
        return outbox.calls();
    }

    synchronized long onlyInMemory() {
        return outbox.onlyInMemory();
    }

    synchronized int usersInMemory() {
        return outbox.usersInMemory();
    }

    synchronized int entries() {
        return outbox.entries();
    }

    synchronized int pendingUsers() {
        return outbox.pendingUsers();
    }

    synchronized long takeDroppedCalls() {
        return outbox.takeDroppedCalls();
    }

    synchronized boolean takePendingDropped() {
        return outbox.takePendingDropped();
    }

    @Override
    public synchronized String toString() {
        return "base " + base.site().total() + " " + base.site().applied() + ", acked " + acked + ", " + outbox;
    }

    synchronized SharedBase.Counts site() {
        return base.site();
    }

    synchronized Map<String, Long> siteMarks() {
        return base.site().applied();
    }

    synchronized Map<String, SharedBase.Counts> savedUsers() {
        return base.saved();
    }
}
