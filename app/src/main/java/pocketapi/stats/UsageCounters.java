package pocketapi.stats;

import java.time.Clock;
import java.time.LocalDate;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import pocketapi.util.BoundedLru;
import pocketapi.util.Utc8;

/**
 * Request counters for the site and per user, a {@link Tally} each; at most {@code maxUsers} users,
 * the least recently seen dropped first. {@link #record} counts and reads back under one lock, so a
 * call reports numbers that include itself, and concurrent calls distinct, gapless counts. Each
 * reader of changes (the file, the Redis sender) {@link #take}s what changed since its last take,
 * as absolute values. Thread-safe.
 */
public final class UsageCounters implements Counters {
    /** The key of the site's tally in the maps of tallies: no user id is empty. */
    public static final String SITE = "";

    /** A user's tally, in the table and in the trackers' sets of what changed. */
    private static final class Cell {
        final String id;
        Tally tally = Tally.ZERO;

        Cell(String id) {
            this.id = id;
        }
    }

    private final Clock clock;
    private Tally site = Tally.ZERO;
    private final BoundedLru<String, Cell> users;
    private final Set<Cell>[] changedUsers;
    private final boolean[] siteChanged;

    /** @param trackers how many readers of changes there are */
    @SuppressWarnings("unchecked")
    public UsageCounters(Clock clock, int maxUsers, int trackers) {
        this.clock = clock;
        this.changedUsers = new Set[trackers];
        this.siteChanged = new boolean[trackers];
        for (int i = 0; i < trackers; i++) {
            changedUsers[i] = new HashSet<>();
        }
        this.users = new BoundedLru<>(maxUsers, (id, dropped) -> {
            for (Set<Cell> changed : changedUsers) {
                changed.remove(dropped);  // a user dropped is not saved nor sent
            }
        });
    }

    @Override
    public Report countAndReport(String user) {
        return record(user);
    }

    /** Counts one call by {@code user} and reports the counters including it. */
    public Report record(String user) {
        long today = Utc8.epochDay(clock);
        Tally s;
        Tally u;
        synchronized (this) {
            s = site = site.plusOne(today);
            Cell cell = cell(user);
            u = cell.tally = cell.tally.plusOne(today);
            changed(null);
            changed(cell);
        }
        return new Report(LocalDate.ofEpochDay(today), user, s.total(), s.dailyOn(today), u.total(), u.dailyOn(today));
    }

    /** The user's cell, made the most recently seen (added when not kept). */
    private Cell cell(String user) {
        Cell cell = users.get(user);
        if (cell == null) {
            cell = new Cell(user);
            users.put(user, cell);
        }
        return cell;
    }

    /** Merges a copy of a tally (from a file, Redis): the larger wins; a user not kept is added as the most recently seen. */
    public synchronized void merge(String user, Tally t) {
        if (user.equals(SITE)) {
            Tally merged = site.max(t);
            if (!merged.equals(site)) {
                site = merged;
                changed(null);
            }
            return;
        }
        Cell cell = cell(user);
        Tally merged = cell.tally.max(t);
        if (!merged.equals(cell.tally)) {
            cell.tally = merged;
            changed(cell);
        }
    }

    /** Marks a user's tally as changed for every tracker; null: the site's. */
    private void changed(Cell cell) {
        for (int i = 0; i < siteChanged.length; i++) {
            if (cell == null) {
                siteChanged[i] = true;
            } else {
                changedUsers[i].add(cell);
            }
        }
    }

    /** Every tally, the site's first ({@link #SITE}), then the users' from the least recently seen. */
    public synchronized Map<String, Tally> all() {
        Map<String, Tally> all = new LinkedHashMap<>();
        all.put(SITE, site);
        for (Cell cell : users.values()) {
            all.put(cell.id, cell.tally);
        }
        return all;
    }

    /** The tallies changed since {@code tracker}'s last take (the site's first, if it did), forgotten for that tracker. */
    public synchronized Map<String, Tally> take(int tracker) {
        Map<String, Tally> changed = new LinkedHashMap<>();
        if (siteChanged[tracker]) {
            changed.put(SITE, site);
        }
        for (Cell cell : changedUsers[tracker]) {
            changed.put(cell.id, cell.tally);
        }
        changedUsers[tracker] = new HashSet<>();
        siteChanged[tracker] = false;
        return changed;
    }

    /** Hands back what a take got and could not store: it is taken again next time, with its values by then. */
    public synchronized void giveBack(int tracker, Map<String, Tally> taken) {
        for (String user : taken.keySet()) {
            Cell cell = users.get(user);
            siteChanged[tracker] |= user.equals(SITE);
            if (cell != null) {
                changedUsers[tracker].add(cell);
            }
        }
    }

    /** The site's tally. */
    public synchronized Tally site() {
        return site;
    }

    /** A user's tally (zero when not kept); it counts as seen. */
    public synchronized Tally user(String user) {
        Cell cell = users.get(user);
        return cell == null ? Tally.ZERO : cell.tally;
    }
}
