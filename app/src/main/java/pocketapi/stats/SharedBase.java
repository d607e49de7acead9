package pocketapi.stats;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import pocketapi.util.BoundedLru;

/**
 * The last totals this instance read from Redis, the site's and some users', each with the marks
 * of the batches they include ({@link RedisStore.Totals#applied}), so that {@code /api/info} can
 * add exactly the counts they do not include. Answers arrive out of order (four readers and the
 * sender); one replaces what is known only if it is not older in any way: no mark lower, no total
 * lower, not of an earlier day, and on the same day no lower daily count. So the totals shown never
 * go down, right at the UTC+8 day change included. Not thread-safe: {@link Ledger} guards it.
 */
final class SharedBase {
    /**
     * Counters as one answer gave them.
     *
     * @param day  the UTC+8 day of {@code daily}
     * @param at   when they were read (the {@link pocketapi.util.Ticker}); 0 for totals saved by an earlier run
     */
    record Counts(long total, long daily, long day, Map<String, Long> applied, long at) {
        Counts {
            applied = Map.copyOf(applied);
        }

        long dailyOn(long today) {
            return day == today ? daily : 0;
        }

        /**
         * Whether these may replace {@code known}: no mark lower (for the instances these report), no
         * total lower, not an earlier day, and on the same day no lower daily count.
         */
        boolean supersedes(Counts known) {
            for (Map.Entry<String, Long> mark : applied.entrySet()) {
                if (mark.getValue() < known.applied.getOrDefault(mark.getKey(), 0L)) {
                    return false;
                }
            }
            return total >= known.total && day >= known.day && (day > known.day || daily >= known.daily);
        }
    }

    static final Counts NONE = new Counts(0, 0, 0, Map.of(), 0);

    private Counts site = NONE;
    private final BoundedLru<String, Counts> users;
    /** The users who asked for their counters, most recent last: those worth saving for a restart. */
    private final BoundedLru<String, Boolean> askers = new BoundedLru<>(RedisTimings.SAVED_USERS);

    SharedBase(int maxUsers) {
        users = new BoundedLru<>(maxUsers);
    }

    /** Takes an answer of Redis for the site and {@code asked}, where it is not older than what is known. */
    void install(RedisStore.Totals totals, long day, Collection<String> asked, long now) {
        Counts s = new Counts(totals.siteTotal(), totals.siteDaily(), day, totals.applied(), now);
        if (s.supersedes(site)) {
            site = s;
        }
        for (String user : asked) {
            long[] t = totals.users().get(user);
            Counts u = t == null ? null : new Counts(t[0], t[1], day, totals.applied(), now);
            Counts known = users.get(user);
            if (u != null && (known == null || u.supersedes(known))) {
                users.put(user, u);
            }
        }
    }

    Counts site() {
        return site;
    }

    Counts user(String user) {
        return users.getOrDefault(user, NONE);
    }

    void asked(String user) {
        askers.put(user, Boolean.TRUE);
    }

    /** What is worth keeping for a restart: the site's totals and those of the users who asked. */
    Map<String, Counts> saved() {
        Map<String, Counts> out = new LinkedHashMap<>();
        for (String user : askers.keySet()) {
            Counts c = users.get(user);
            if (c != null) {
                out.put(user, c);
            }
        }
        return out;
    }

    /** Totals an earlier run saved (their {@code at} is 0: never fresh). */
    void restore(Counts savedSite, Map<String, Counts> savedUsers) {
        site = savedSite;
        users.putAll(savedUsers);
        for (String user : savedUsers.keySet()) {
            askers.put(user, Boolean.TRUE);
        }
    }

    /** Whether the site's and the user's totals were read within {@code maxAge} nanoseconds, on {@code day}. */
    boolean fresh(String user, long day, long now, long maxAge) {
        Counts u = users.get(user);
        return site.at != 0 && now - site.at < maxAge && site.day == day
                && u != null && u.at != 0 && now - u.at < maxAge && u.day == day;
    }
}
