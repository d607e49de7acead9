package pocketapi.holidays.update;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.*;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import pocketapi.common.Jobs;
import pocketapi.common.Utc8;
import pocketapi.holidays.Confirmation;
import pocketapi.holidays.HolidayDataException;
import pocketapi.holidays.HolidayGate;
import pocketapi.holidays.HolidayYear;
import pocketapi.holidays.LiveCalendar;
import pocketapi.holidays.data.ChineseDaysFile;
import pocketapi.holidays.data.HolidayFile;
import pocketapi.holidays.data.YearSource;

/**
 * Keeps the holiday data current while the service runs. Every interval (and a second after the start) it fetches this
 * UTC+8 year and the next (and any year between the covered range and them) from the primary source's mirrors in order
 * ({@link #PRIMARY}, {@code <base>/YYYY.json}); a year goes through the same reading and {@link HolidayGate} as every
 * other source; what becomes of it is {@link ChangeReview}'s decision, with what the confirming source
 * ({@link #CONFIRMING}) says of the calendar years it touches, carried out by {@link ServedYears}. Each mirror's
 * outcome is logged when it changes, a disagreement once a day; once a day while the covered range ends within 30 days
 * it warns. Years of {@code HOLIDAY_DATA_DIR} are the operator's: never fetched. One round at a time, a minute at most.
 */
public final class HolidayUpdater {
    private static final Logger LOG = LoggerFactory.getLogger(HolidayUpdater.class);
    static final YearSource PRIMARY = HolidayFile.HOLIDAY_CN;
    static final YearSource CONFIRMING = ChineseDaysFile.CHINESE_DAYS;
    static final long FIRST_CHECK_MILLIS = 1_000;

    /**
     * Where updates come from and how they are confirmed; with no mirror, {@code offBy} is the setting that turned them
     * off as the user wrote it ({@code UPDATES=off}), for the warning's remedy.
     */
    public record Sources(List<URI> mirrors, Duration interval, List<URI> confirm, Duration confirmWait, String offBy) {
        public Sources {
            mirrors = List.copyOf(mirrors);
            confirm = List.copyOf(confirm);
        }

        /** Sources whose mirrors, when there are none, were turned off by HOLIDAY_UPDATE_URL itself. */
        public Sources(List<URI> mirrors, Duration interval, List<URI> confirm, Duration confirmWait) {
            this(mirrors, interval, confirm, confirmWait, "HOLIDAY_UPDATE_URL=off");
        }
    }

    private final LiveCalendar live;
    private final Sources sources;
    private final ServedYears served;
    private final HolidayFetcher fetcher;
    private final Clock clock;
    private final OutcomeLog outcomes = new OutcomeLog(LOG, "holiday update");
    private final OutcomeLog confirmOutcomes = new OutcomeLog(LOG, "holiday confirmation");
    private final UpdateOutcomes logs = new UpdateOutcomes(outcomes, confirmOutcomes);
    private final Map<Integer, ChangeReview.Confirming> round = new HashMap<>();
    /** When this round's fetches must be over (System.nanoTime): a slow mirror cannot hold it longer. */
    private long roundEnd;

    /** @param pinned years HOLIDAY_DATA_DIR provides, never fetched nor changed by another year's file */
    public HolidayUpdater(
            LiveCalendar live,
            Sources sources,
            HolidayCache cache,
            Set<Integer> pinned,
            HolidayFetcher fetcher,
            Clock clock) {
        this.live = live;
        this.sources = sources;
        this.served = new ServedYears(live, cache, pinned, sources, clock);
        this.fetcher = fetcher;
        this.clock = clock;
        served.publish();
    }

    /** What each mirror and each confirming source answered last: for /metrics. */
    public UpdateOutcomes outcomes() {
        return logs;
    }

    /** Schedules the checks and the hourly look at the covered range on {@code scheduler}; returns at once. */
    public void start(ScheduledExecutorService scheduler) {
        if (!sources.mirrors().isEmpty()) {
            Jobs.every(
                    scheduler,
                    "the holiday update",
                    Duration.ofMillis(FIRST_CHECK_MILLIS),
                    sources.interval(),
                    this::check);
        }
        Jobs.every(
                scheduler,
                "the warning that the holiday data ends soon",
                Duration.ZERO,
                Duration.ofHours(1),
                this::warnIfEndingSoon);
    }

    /**
     * One round: this UTC+8 year and the next, unless HOLIDAY_DATA_DIR provides them; if the covered range ended before
     * this year, the missing years in between first, in order (the years stay contiguous).
     */
    public synchronized void check() {
        round.clear();
        roundEnd = fetcher.roundEnd();
        int thisYear = Utc8.today(clock).getYear();
        for (int year = Math.min(thisYear, live.get().last().getYear() + 1); year <= thisYear + 1; year++) {
            if (!served.pinned().contains(year)) {
                update(year);
            }
        }
        outcomes.endRound();
        confirmOutcomes.endRound();
        served.publish();
    }

    /** What the mirrors said of one year in one round. */
    private static final class Round {
        boolean answered;
        boolean placeholder;
        String waiting;
        ChangeReview.Apply unconfirmed;
        URI unconfirmedUrl;
        final Map<URI, List<Confirmation.Dispute>> disputes = new LinkedHashMap<>();
    }

    /**
     * One year's round: the mirrors in order until one gives a version the confirming source confirms (or any plausible
     * one, when confirmation is off); one that could only be served unconfirmed is served when no later mirror does
     * better.
     */
    private void update(int year) {
        HolidayYear current = live.get().years().get(year);
        Round r = new Round();
        for (URI base : sources.mirrors()) {
            URI url = URI.create(base + "/" + year + ".json");
            HolidayYear fetched = read(PRIMARY, url, year, outcomes).year();
            HolidayGate.Verdict verdict = fetched == null ? null : HolidayGate.check(fetched);
            if (verdict != null && !verdict.served()) {
                outcomes.note(url, verdict.describe());
            }
            if (verdict == null || verdict.kind() == HolidayGate.Kind.REFUSED) {
                continue;
            }
            r.answered = true;
            r.placeholder |= verdict.kind() == HolidayGate.Kind.NOT_PUBLISHED; // says nothing of the other mirrors
            if (verdict.served() && decide(current, url, fetched, r)) {
                return;
            }
        }
        if (r.unconfirmed != null) {
            apply(r.unconfirmed, r.unconfirmedUrl);
            return;
        }
        List<Confirmation.Dispute> contradicted =
                served.inDoubt(current) ? recheck(current).disputes() : List.of();
        if (!contradicted.isEmpty()) {
            served.withdraw(current, contradicted);
            return;
        }
        served.hold(
                year,
                r.waiting != null
                        ? r.waiting
                        : !r.disputes.isEmpty() && current != null
                                ? "chinese-days disagrees on "
                                        + Confirmation.describe(
                                                r.disputes.values().iterator().next())
                                : null);
        SortedSet<LocalDate> dates = new TreeSet<>();
        StringBuilder text = new StringBuilder("holidays " + year);
        r.disputes.forEach((url, d) -> {
            text.append(dates.isEmpty() ? " from " + url + " is not served" : "; from " + url)
                    .append(": chinese-days disagrees on ")
                    .append(Confirmation.describe(d));
            dates.addAll(Confirmation.dates(d));
        });
        if (!dates.isEmpty()) {
            served.warnDaily(year + " " + dates, text.toString());
        }
        if (current == null && r.answered) {
            live.set(
                    dates.isEmpty() && r.placeholder && r.waiting == null
                            ? live.get().withNotPublished(year)
                            : live.get().withDisputed(year, dates));
        }
    }

    /** What the review makes of one mirror's plausible year; true when the year's round is over. */
    private boolean decide(HolidayYear current, URI url, HolidayYear fetched, Round r) {
        ChangeReview.Decision decision;
        try {
            ChangeReview.Proposal p = ChangeReview.touched(live.get(), fetched, served.pinned());
            Instant now = clock.instant();
            decision = ChangeReview.review(
                    live.get(),
                    p,
                    confirming(p == null ? new TreeSet<>() : p.years()),
                    current == null && !sources.confirm().isEmpty()
                            ? served.cache().firstSeen(fetched.year(), now)
                            : now,
                    sources.confirmWait(),
                    now);
        } catch (HolidayDataException e) {
            outcomes.note(url, "cannot be served with the other years: " + e.problem());
            return false;
        }
        if (decision instanceof ChangeReview.Held h && h.dispute()) {
            r.disputes.put(url, h.disputes());
        } else if (decision instanceof ChangeReview.Held h) {
            r.waiting = h.reason();
            outcomes.note(url, h.reason());
        } else if (decision instanceof ChangeReview.Apply a && a.unconfirmed().isEmpty()) {
            apply(a, url);
            return true;
        } else if (decision instanceof ChangeReview.Apply a && r.unconfirmed == null) {
            r.unconfirmed = a;
            r.unconfirmedUrl = url;
        } else if (decision instanceof ChangeReview.Unchanged) {
            outcomes.note(url, "ok, unchanged");
            if (!served.inDoubt(current) || recheck(current).disputes().isEmpty()) {
                served.hold(fetched.year(), null);
                return true;
            }
        }
        return false;
    }

    /**
     * What the confirming source says of each year, each fetched at most once a round; null when confirmation is off.
     */
    private Map<Integer, ChangeReview.Confirming> confirming(SortedSet<Integer> years) {
        if (sources.confirm().isEmpty()) {
            return null;
        }
        Map<Integer, ChangeReview.Confirming> answers = new TreeMap<>();
        for (int year : years) {
            answers.put(year, round.computeIfAbsent(year, this::lookUp));
        }
        return answers;
    }

    private ChangeReview.Confirming lookUp(int year) {
        List<String> why = new ArrayList<>();
        for (URI base : sources.confirm()) {
            URI url = URI.create(base + "/" + year + ".json");
            Read got = read(CONFIRMING, url, year, confirmOutcomes);
            String outcome = got.year() == null ? got.problem() : "not published yet (no days listed)";
            if (got.year() != null && !got.year().days().isEmpty()) {
                confirmOutcomes.note(url, "ok");
                return ChangeReview.Confirming.found(got.year(), url.toString());
            } else if (got.year() != null) {
                confirmOutcomes.note(url, outcome);
            }
            why.add(url.getHost() + ": " + outcome);
        }
        return ChangeReview.Confirming.missing(String.join("; ", why));
    }

    /** A year's file as {@code source} reads it, or why there is none. */
    private record Read(HolidayYear year, String problem) {}

    /** Fetches and reads one file; a failure is noted in {@code log} (a mirror without an answer once a round). */
    private Read read(YearSource source, URI url, int year, OutcomeLog log) {
        HolidayFetcher.Result result = fetcher.fetch(url, roundEnd);
        String problem;
        if (result instanceof HolidayFetcher.Failure failure) {
            problem = source == CONFIRMING && failure.reason().equals("answered HTTP 404")
                    ? "not published yet (answered HTTP 404)"
                    : failure.reason();
            if (failure.noAnswer()) {
                log.noAnswer(url, failure.reason());
                return new Read(null, problem);
            }
        } else {
            try {
                return new Read(source.read(url.toString(), year, ((HolidayFetcher.Body) result).bytes()), null);
            } catch (HolidayDataException e) {
                problem = "refused: " + e.problem();
            }
        }
        log.note(url, problem);
        return new Read(null, problem);
    }

    /** What the confirming source says now of a fetched year being served; a first confirmation is recorded. */
    private ChangeReview.Recheck recheck(HolidayYear current) {
        ChangeReview.Recheck check = ChangeReview.recheck(live.get(), confirming(ChangeReview.years(current)));
        if (check.disputes().isEmpty() && !check.confirmedBy().isEmpty()) {
            served.confirmedNow(current, check.confirmedBy());
        }
        return check;
    }

    private void apply(ChangeReview.Apply a, URI url) {
        served.apply(a, url);
        outcomes.note(url, "ok");
    }

    /** Once a UTC+8 day, while the covered range ends within 30 days or has ended: see {@link ServedYears}. */
    public synchronized void warnIfEndingSoon() {
        served.warnIfEndingSoon();
    }
}
