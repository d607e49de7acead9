package pocketapi.holiday;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import pocketapi.Utc8;

/**
 * Keeps the holiday data current while the service runs.
 *
 * <p>Every interval (and once right after start-up, in the background) it fetches the current
 * UTC+8 year and the next one (and any year between the covered range and them) from the mirrors
 * in order, {@code <base>/YYYY.json}. A file goes
 * through the same parse and {@link HolidayGate} as every other source; one that passes and
 * differs from what is served is written to the cache and swapped into the {@link LiveCalendar}
 * whole. Anything else (a placeholder, a refused file, an HTML page, an error status, a time-out)
 * leaves the data as it is. Each mirror URL's outcome is logged when it changes, not at every attempt.
 *
 * <p>Once a day while the covered range ends within 30 days (or has ended) it warns, with the remedy.
 * Years from {@code HOLIDAY_DATA_DIR} are the operator's: they are never fetched. One thread.
 */
public final class HolidayUpdater implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(HolidayUpdater.class);
    static final int WARN_DAYS = 30;
    static final long FIRST_CHECK_MILLIS = 1_000;

    private final LiveCalendar live;
    private final List<URI> mirrors;
    private final Duration interval;
    private final Optional<HolidayCache> cache;
    private final Set<Integer> pinned;
    private final HolidayFetcher fetcher;
    private final Clock clock;
    private final ScheduledExecutorService timer;
    private final Map<URI, String> lastOutcome = new HashMap<>();
    private LocalDate lastWarning;

    /**
     * @param mirrors base URLs tried in order; empty: updates are off (the expiry warning still runs)
     * @param pinned  years HOLIDAY_DATA_DIR provides, never fetched
     */
    public HolidayUpdater(LiveCalendar live, List<URI> mirrors, Duration interval, Optional<HolidayCache> cache,
                          Set<Integer> pinned, HolidayFetcher fetcher, Clock clock) {
        this.live = live;
        this.mirrors = List.copyOf(mirrors);
        this.interval = interval;
        this.cache = cache;
        this.pinned = Set.copyOf(pinned);
        this.fetcher = fetcher;
        this.clock = clock;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "holiday-updates");
            t.setDaemon(true);  // nothing to finish on stop: a cache write is atomic
            return t;
        });
    }

    /**
     * Schedules the checks; returns at once. The first check runs in the background a second after
     * start-up, once the service answers (on a one-core server it would otherwise slow the start).
     */
    public void start() {
        if (!mirrors.isEmpty()) {
            timer.scheduleWithFixedDelay(this::checkSafely, FIRST_CHECK_MILLIS, interval.toMillis(), TimeUnit.MILLISECONDS);
        }
        timer.scheduleWithFixedDelay(this::warnIfEndingSoon, 0, 1, TimeUnit.HOURS);
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }

    private void checkSafely() {
        try {
            check();
        } catch (RuntimeException e) {
            LOG.error("holiday update failed unexpectedly", e);
        }
    }

    /**
     * One round: fetches this UTC+8 year and the next, unless HOLIDAY_DATA_DIR provides them. If the
     * covered range ended before this year, the missing years in between come first, in order: the
     * years must stay contiguous, so this year could not be added without them.
     */
    public void check() {
        int thisYear = Utc8.today(clock).getYear();
        int from = Math.min(thisYear, live.get().last().getYear() + 1);
        for (int year = from; year <= thisYear + 1; year++) {
            if (!pinned.contains(year)) {
                update(year);
            }
        }
    }

    /** Tries the mirrors in order until one gives an answer: a year to serve, or "not published yet". */
    private void update(int year) {
        for (URI base : mirrors) {
            URI url = URI.create(base + "/" + year + ".json");
            HolidayFetcher.Result result = fetcher.fetch(url);
            if (result instanceof HolidayFetcher.Failure failure) {
                note(url, failure.reason());
                continue;
            }
            byte[] bytes = ((HolidayFetcher.Body) result).bytes();
            HolidayYear fetched;
            try {
                fetched = HolidayFile.parse(url.toString(), year, new String(bytes, StandardCharsets.UTF_8));
            } catch (HolidayDataException e) {
                note(url, "refused: " + e.problem(url.toString()));
                continue;
            }
            HolidayGate.Verdict verdict = HolidayGate.check(fetched);
            if (verdict.kind() == HolidayGate.Kind.NOT_PUBLISHED) {
                note(url, "not published yet (a placeholder with no days)");
                live.set(live.get().withNotPublished(year));
                return;
            }
            if (verdict.kind() == HolidayGate.Kind.REFUSED) {
                note(url, "refused: " + verdict.problem());
                continue;
            }
            if (apply(fetched, bytes, url)) {
                return;
            }
        }
    }

    /** Serves a fetched year that passed the gate, if it differs from what is served. */
    private boolean apply(HolidayYear fetched, byte[] bytes, URI url) {
        HolidayCalendar current = live.get();
        HolidayYear served = current.years().get(fetched.year());
        if (served != null && served.sameDays(fetched)) {
            note(url, "ok, unchanged");
            return true;
        }
        HolidayCalendar next;
        try {
            next = current.withYear(fetched);
        } catch (HolidayDataException e) {
            note(url, "cannot be served with the other years: " + e.problem(url.toString()));
            return false;
        }
        if (cache.isPresent()) {
            try {
                cache.get().write(fetched.year(), bytes);
            } catch (IOException e) {
                LOG.error("cannot keep holidays {} in the cache {} ({}); serving it until the next restart",
                        fetched.year(), cache.get().dir(), e.toString());
            }
        }
        live.set(next);
        note(url, "ok");
        if (served == null) {
            LOG.info("holidays {} added: {} days off, {} make-up days, from {}", fetched.year(), fetched.daysOff(),
                    fetched.makeUpDays(), url);
        } else {
            LOG.info("holidays {} changed: {}; from {}", fetched.year(), changes(served, fetched), url);
        }
        return true;
    }

    /** The dates whose entry differs, e.g. {@code 2026-10-08 now 国庆节 day off (was not listed)}. */
    static String changes(HolidayYear before, HolidayYear after) {
        Map<LocalDate, OfficialDay> old = before.byDate();
        Map<LocalDate, OfficialDay> now = after.byDate();
        Set<LocalDate> dates = new TreeSet<>(old.keySet());
        dates.addAll(now.keySet());
        List<String> changed = new ArrayList<>();
        for (LocalDate date : dates) {
            OfficialDay was = old.get(date);
            OfficialDay is = now.get(date);
            if (was == null || !was.equals(is)) {
                changed.add(date + " now " + describe(is) + " (was " + describe(was) + ")");
            }
        }
        return String.join(", ", changed);
    }

    private static String describe(OfficialDay day) {
        if (day == null) {
            return "not listed";
        }
        return day.festival() + (day.offDay() ? " day off" : " make-up day");
    }

    /** Logs a mirror URL's outcome when it differs from the last one. */
    private void note(URI url, String outcome) {
        String previous = lastOutcome.put(url, outcome);
        if (outcome.equals(previous) || outcome.startsWith("ok") && (previous == null || previous.startsWith("ok"))) {
            return;
        }
        if (outcome.startsWith("ok") || outcome.startsWith("not published")) {
            LOG.info("holiday update {}: {}", url, outcome);
        } else {
            LOG.warn("holiday update {}: {}; keeping the data as it is", url, outcome);
        }
    }

    /** Once a UTC+8 day, while the covered range ends within {@value #WARN_DAYS} days or has ended. */
    public void warnIfEndingSoon() {
        LocalDate today = Utc8.today(clock);
        HolidayCalendar calendar = live.get();
        long left = ChronoUnit.DAYS.between(today, calendar.last());
        if (left > WARN_DAYS || today.equals(lastWarning)) {
            return;
        }
        lastWarning = today;
        int next = calendar.last().getYear() + 1;
        String when = left >= 0 ? "ends on " + calendar.last() + ", in " + left + " days"
                : "ended on " + calendar.last() + "; dates after it answer 400";
        String status = calendar.notPublished(next) ? next + " is not published yet" : next + " has not been fetched yet";
        String remedy = mirrors.isEmpty()
                ? "automatic updates are off (HOLIDAY_UPDATE_URL=off): put " + next + ".json into HOLIDAY_DATA_DIR "
                        + "and restart, or turn updates on"
                : "pocketapi checks every " + hours(interval) + " and serves " + next + " as soon as it is published; "
                        + "to add it by hand, put " + next + ".json into HOLIDAY_DATA_DIR and restart";
        LOG.warn("holiday data {} ({}): {}", when, status, remedy);
    }

    /** An interval for people: {@code 6 h}, {@code 90 min}, {@code 10 s}. */
    public static String hours(Duration d) {
        long s = d.toSeconds();
        if (s % 3600 == 0) {
            return s / 3600 + " h";
        }
        return s % 60 == 0 ? s / 60 + " min" : s + " s";
    }
}
