package pocketapi.stats;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Set;

import pocketapi.stats.RedisStore.Batch;
import pocketapi.stats.RedisStore.Totals;

/**
 * What one instance knows of the shared counters: the totals last read from Redis
 * ({@link SharedBase}) and its own calls Redis has not confirmed ({@link PendingCounts}), under one
 * lock, so that a report is always "Redis's totals + exactly the calls they do not include",
 * and N concurrent calls of one user see N consecutive counts. Thread-safe.
 */
final class Ledger {
    private final PendingCounts pending;
    private final SharedBase base;

    Ledger(PendingCounts pending, SharedBase base) {
        this.pending = pending;
        this.base = base;
    }

    synchronized void count(long today, String user) {
        pending.add(today, user);
    }

    /** Counts the call and reports the counters including it. */
    synchronized Report countAndReport(long today, String user) {
        pending.add(today, user);
        base.asked(user);
        SharedBase.Counts site = base.site();
        SharedBase.Counts mine = base.user(user);
        long[] siteExtra = pending.notIn(site.applied(), user, today);
        long[] userExtra = site.applied().equals(mine.applied()) ? siteExtra : pending.notIn(mine.applied(), user, today);
        return new Report(LocalDate.ofEpochDay(today), user, site.total() + siteExtra[0],
                site.dailyOn(today) + siteExtra[1], mine.total() + userExtra[2], mine.dailyOn(today) + userExtra[3]);
    }

    synchronized boolean fresh(String user, long today, long now, long maxAge) {
        return base.fresh(user, today, now, maxAge);
    }

    /** The next batch to send, or null. */
    synchronized Batch next() {
        return pending.next();
    }

    /** Redis applied {@code batch} and answered {@code totals}: the base first, so no report misses it. */
    synchronized void acknowledged(Batch batch, Totals totals, long now) {
        base.install(totals, batch.day(), batch.users().keySet(), now);
        pending.acknowledged(batch);
    }

    /** A read's answer (it may arrive after its caller stopped waiting). */
    synchronized void read(Totals totals, long day, List<String> users, long now) {
        base.install(totals, day, users, now);
    }

    /** This run's instance id (a batch it numbers carries it). */
    String instance() {
        return pending.instance();
    }

    /** Whether every batch is confirmed (calls counted since may wait, not yet in any batch). */
    synchronized boolean backlogEmpty() {
        return pending.backlogEmpty();
    }

    synchronized Set<String> instances() {
        return pending.instances();
    }

    synchronized List<Batch> sealAll() {
        return pending.sealAll();
    }

    synchronized boolean nothingPending() {
        return pending.isEmpty();
    }

    synchronized long version() {
        return pending.version();
    }

    synchronized long unconfirmedCalls() {
        return pending.calls();
    }

    synchronized long takeDropped() {
        return pending.takeDropped();
    }

    synchronized SharedBase.Counts site() {
        return base.site();
    }

    synchronized Map<String, SharedBase.Counts> savedUsers() {
        return base.saved();
    }
}
