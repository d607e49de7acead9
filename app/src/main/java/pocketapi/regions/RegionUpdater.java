package pocketapi.regions;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ScheduledExecutorService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import pocketapi.common.Jobs;
import pocketapi.common.Utc8;
import pocketapi.holidays.HolidayCalendar;
import pocketapi.holidays.HolidayDataException;
import pocketapi.holidays.HolidayYear;
import pocketapi.holidays.ListedDay;
import pocketapi.holidays.data.HolidayData;
import pocketapi.holidays.data.HolidayFile;
import pocketapi.holidays.update.HolidayCache;
import pocketapi.holidays.update.HolidayFetcher;
import pocketapi.holidays.update.OutcomeLog;
import pocketapi.holidays.update.UpdateOutcomes;
import pocketapi.logging.LogText;

/**
 * Keeps the regions' calendars current while the service runs, for the regions asked for (a region nobody asks about is
 * never fetched): one loop for every region. Every interval it asks each region's update source
 * ({@link Regional#round}) for this UTC+8 year and the next (and any year between the covered range and them), and
 * decides by the one trust rule: a year already served changes only when confirmed (each region says what confirms it:
 * its law's rules, or a second source); a year new to the service is served when confirmed, else once
 * HOLIDAY_CONFIRM_WAIT_SECONDS have passed since it was first seen, with a warning. What is served is kept in
 * {@code HOLIDAY_CACHE_DIR/<region>/}. One round at a time, a minute at most.
 */
public final class RegionUpdater {
    private static final Logger LOG = LoggerFactory.getLogger(RegionUpdater.class);
    static final long FIRST_CHECK_MILLIS = 10_000;

    private final Regions regions;
    private final Duration interval;
    private final Duration confirmWait;
    private final HolidayFetcher fetcher;
    private final Clock clock;
    private final OutcomeLog outcomes = new OutcomeLog(LOG, "region update");
    private final OutcomeLog confirmOutcomes = new OutcomeLog(LOG, "region confirmation");
    private final UpdateOutcomes logs = new UpdateOutcomes(outcomes, confirmOutcomes);
    /** What the regions' sources fetch with: the update sources', and the confirming sources' (Taiwan's second). */
    private final Fetching fetching = new Noted(outcomes);

    private final Fetching confirming = new Noted(confirmOutcomes);
    /** When this round's fetches must be over (System.nanoTime). */
    private long roundEnd;

    /**
     * @param interval HOLIDAY_UPDATE_SECONDS
     * @param confirmWait HOLIDAY_CONFIRM_WAIT_SECONDS: how long a new year that is not confirmed waits
     */
    public RegionUpdater(
            Regions regions, Duration interval, Duration confirmWait, HolidayFetcher fetcher, Clock clock) {
        this.regions = regions;
        this.interval = interval;
        this.confirmWait = confirmWait;
        this.fetcher = fetcher;
        this.clock = clock;
    }

    /** What each update source and each confirming source answered last: for /metrics. */
    public UpdateOutcomes outcomes() {
        return logs;
    }

    /** Schedules the rounds on {@code scheduler} (none when every region's source is off); returns at once. */
    public void start(ScheduledExecutorService scheduler) {
        if (regions.regions().stream().anyMatch(regions::updates)) {
            Jobs.every(
                    scheduler,
                    "the regions' holiday update",
                    Duration.ofMillis(FIRST_CHECK_MILLIS),
                    interval,
                    this::check);
        }
    }

    /** One round, for each region asked for so far whose source is on. */
    public synchronized void check() {
        roundEnd = fetcher.roundEnd();
        for (Regional region : regions.asked()) {
            if (!region.updates()) {
                continue;
            }
            Regional.Round round = region.round(fetching);
            int thisYear = Utc8.today(clock).getYear();
            for (int year = Math.min(thisYear, regions.get(region).last().getYear() + 1);
                    year <= thisYear + 1;
                    year++) {
                Regional.Offer offer = round.offer(year);
                if (offer.year() == null) {
                    if (served(region, year)) {
                        continue; // a year served already that the source no longer lists (1823's keeps about three)
                    }
                    if (offer.from() != null) {
                        outcomes.note(offer.from(), offer.why());
                    }
                    break; // the years stay contiguous
                }
                if (!decide(region, offer)) {
                    break;
                }
            }
        }
        outcomes.endRound();
        confirmOutcomes.endRound();
    }

    private boolean served(Regional region, int year) {
        return regions.get(region).years().containsKey(year);
    }

    /** Fetches within the round's deadline, each outcome noted in one log (once per change). */
    private final class Noted implements Fetching {
        private final OutcomeLog log;

        Noted(OutcomeLog log) {
            this.log = log;
        }

        @Override
        public byte[] fetch(URI url) {
            HolidayFetcher.Result result = fetcher.fetch(url, roundEnd);
            if (result instanceof HolidayFetcher.Body body) {
                return body.bytes();
            }
            HolidayFetcher.Failure failure = (HolidayFetcher.Failure) result;
            if (failure.noAnswer()) {
                log.noAnswer(url, failure.reason());
            } else {
                log.note(
                        url,
                        failure.reason().equals("answered HTTP 404")
                                ? "not published yet (answered HTTP 404)"
                                : failure.reason());
            }
            return null;
        }

        @Override
        public <T> Read<T> first(List<URI> urls, Reader<T> reader) {
            for (URI url : urls) {
                byte[] body = fetch(url);
                try {
                    if (body != null) {
                        return new Read<>(url, reader.read(url.toString(), body));
                    }
                } catch (HolidayDataException e) {
                    log.note(url, "refused: " + e.problem());
                }
            }
            return null;
        }

        @Override
        public void note(URI url, String outcome) {
            log.note(url, outcome);
        }

        @Override
        public Fetching confirming() {
            return confirming;
        }
    }

    /**
     * What becomes of a year a source gave, by the one trust rule: a year already served (built in, or fetched before)
     * changes only when confirmed; an unconfirmed difference is logged, not served. A year new to the service is served
     * when confirmed, else once HOLIDAY_CONFIRM_WAIT_SECONDS have passed since it was first seen, with a warning. True
     * when the year is served after this (in the old version or the new).
     */
    private boolean decide(Regional region, Regional.Offer offer) {
        HolidayYear year = offer.year();
        URI url = offer.from();
        String confirmedBy = offer.confirmedBy();
        String why = offer.why();
        // A file of several years (Hong Kong's, Macau's): each year is its own outcome, logged when it changes.
        URI from = url.getPath().endsWith(year.year() + ".json") ? url : URI.create(url + "#" + year.year());
        HolidayCache cache = new HolidayCache(regions.cache(region), clock);
        HolidayCalendar now = regions.get(region);
        HolidayYear served = now.years().get(year.year());
        if (served != null && served.sameDays(year)) {
            outcomes.note(from, "ok, unchanged");
            return true;
        }
        if (served != null && confirmedBy == null) {
            outcomes.note(
                    from,
                    "differs from the " + (served.source().startsWith(HolidayData.BUILT_IN) ? "built-in" : "served")
                            + " year on " + LogText.first(List.copyOf(changed(served, year)), 5) + ", unconfirmed ("
                            + why
                            + "): not served; a year already served changes only when confirmed");
            return true;
        }
        Instant at = clock.instant();
        Instant until = cache.firstSeen(year.year(), at).plus(confirmWait);
        if (confirmedBy == null && at.isBefore(until)) {
            outcomes.note(
                    from,
                    "waiting for confirmation until "
                            + LocalDateTime.ofInstant(until, Utc8.OFFSET)
                                    .withNano(0)
                                    .toString()
                                    .replace('T', ' ') + " UTC+8: " + why);
            return false;
        }
        try {
            regions.offer(region, year);
            cache.write(year.year(), HolidayFile.write(year));
        } catch (HolidayDataException | java.io.IOException e) {
            outcomes.note(from, "cannot be served: " + e.getMessage());
            return false;
        }
        outcomes.note(from, "ok");
        if (confirmedBy != null) {
            LOG.info(
                    "{} holidays {} {} from {}, confirmed by {}",
                    region.english(),
                    year.year(),
                    served == null ? "added" : "changed",
                    url,
                    confirmedBy);
        } else {
            LOG.warn(
                    "{} holidays {} added from {} unconfirmed after waiting {}: {}",
                    region.english(),
                    year.year(),
                    url,
                    LogText.duration(confirmWait),
                    why);
        }
        return true;
    }

    /** The dates whose entry differs between two versions of a year. */
    private static Set<LocalDate> changed(HolidayYear before, HolidayYear after) {
        Map<LocalDate, ListedDay> old = before.byDate();
        Map<LocalDate, ListedDay> now = after.byDate();
        Set<LocalDate> dates = new TreeSet<>(old.keySet());
        dates.addAll(now.keySet());
        dates.removeIf(d -> Objects.equals(old.get(d), now.get(d)));
        return dates;
    }
}
