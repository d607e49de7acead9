package pocketapi.holiday.update;

import java.io.IOException;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import pocketapi.holiday.Confirmation;
import pocketapi.holiday.HolidayCalendar;
import pocketapi.holiday.HolidayDataException;
import pocketapi.holiday.HolidayGate;
import pocketapi.holiday.HolidaySources;
import pocketapi.holiday.HolidayYear;
import pocketapi.holiday.LiveCalendar;
import pocketapi.holiday.source.ChineseDaysFile;
import pocketapi.holiday.source.HolidayData;
import pocketapi.holiday.source.HolidayFile;
import pocketapi.holiday.source.YearSource;
import pocketapi.util.Durations;
import pocketapi.util.LogOnce;
import pocketapi.util.LogText;
import pocketapi.util.Utc8;

/**
 * Keeps the holiday data current while the service runs. Every interval (and a second after the
 * start) it fetches this UTC+8 year and the next (and any year between the covered range and them)
 * from the primary source's mirrors in order ({@link #PRIMARY}, {@code <base>/YYYY.json}); a year
 * goes through the same reading and {@link HolidayGate} as every other source; what becomes of it
 * is {@link ChangeReview}'s decision, with what the confirming source ({@link #CONFIRMING}) says of
 * the calendar years it touches. An applied year is kept in the cache and swapped into the {@link
 * LiveCalendar} whole. Each mirror's outcome is logged when it changes, a disagreement once a day;
 * once a day while the covered range ends within 30 days it warns ({@link ExpiryWarning}). Years of
 * {@code HOLIDAY_DATA_DIR} are the operator's: never fetched. One round at a time.
 */
public final class HolidayUpdater {
    private static final Logger LOG = LoggerFactory.getLogger(HolidayUpdater.class);
    static final YearSource PRIMARY = HolidayFile.HOLIDAY_CN;
    static final YearSource CONFIRMING = ChineseDaysFile.CHINESE_DAYS;
    static final long FIRST_CHECK_MILLIS = 1_000;
    private static final String REMEDY = "check the State Council's notice (gov.cn), and put the file you trust into "
            + "HOLIDAY_DATA_DIR (then restart)";

    /**
     * Where updates come from and how they are confirmed.
     *
     * @param mirrors     the primary source's base URLs, tried in order; empty: updates are off (the expiry warning still runs)
     * @param confirm     the confirming source's base URLs, tried in order; empty: changes are applied unconfirmed
     * @param confirmWait how long a year new to the service waits for the confirming source
     */
    public record Sources(List<URI> mirrors, Duration interval, List<URI> confirm, Duration confirmWait) {
        public Sources {
            mirrors = List.copyOf(mirrors);
            confirm = List.copyOf(confirm);
        }
    }

    private final LiveCalendar live;
    private final Sources sources;
    private final Optional<HolidayCache> cache;
    private final Set<Integer> pinned;
    private final HolidayFetcher fetcher;
    private final Clock clock;
    private final OutcomeLog outcomes = new OutcomeLog(LOG, "holiday update");
    private final OutcomeLog confirmOutcomes = new OutcomeLog(LOG, "holiday confirmation");
    private final ConfirmLedger ledger;
    private final TreeMap<Integer, String> held = new TreeMap<>();
    private final Map<Integer, ChangeReview.Confirming> round = new HashMap<>();
    private final LogOnce disputeWarned;
    private final ExpiryWarning expiry;

    /** @param pinned years HOLIDAY_DATA_DIR provides, never fetched nor changed by another year's file */
    public HolidayUpdater(LiveCalendar live, Sources sources, Optional<HolidayCache> cache, Set<Integer> pinned,
                          HolidayFetcher fetcher, Clock clock) {
        this.live = live;
        this.sources = sources;
        this.cache = cache;
        this.pinned = Set.copyOf(pinned);
        this.fetcher = fetcher;
        this.clock = clock;
        this.disputeWarned = LogOnce.per(1, () -> Utc8.epochDay(clock));
        this.ledger = new ConfirmLedger(cache.map(HolidayCache::dir));
        this.expiry = new ExpiryWarning(sources.mirrors().isEmpty(), sources.interval(), clock);
        publishSources();
    }

    /**
     * Schedules the checks on {@code scheduler}; returns at once. The first runs a second after the
     * start, once the service answers (on a one-core server it would otherwise slow the start).
     */
    public void start(ScheduledExecutorService scheduler) {
        if (!sources.mirrors().isEmpty()) {
            scheduler.scheduleWithFixedDelay(this::checkSafely, FIRST_CHECK_MILLIS, sources.interval().toMillis(),
                    TimeUnit.MILLISECONDS);
        }
        scheduler.scheduleWithFixedDelay(this::warnIfEndingSoon, 0, 1, TimeUnit.HOURS);
    }

    private void checkSafely() {
        try {
            check();
        } catch (RuntimeException e) {
            LOG.error("holiday update failed unexpectedly", e);
        }
    }

    /**
     * One round: this UTC+8 year and the next, unless HOLIDAY_DATA_DIR provides them; if the covered
     * range ended before this year, the missing years in between first, in order (the years stay contiguous).
     */
    public synchronized void check() {
        round.clear();
        int thisYear = Utc8.today(clock).getYear();
        for (int year = Math.min(thisYear, live.get().last().getYear() + 1); year <= thisYear + 1; year++) {
            if (!pinned.contains(year)) {
                update(year);
            }
        }
        outcomes.endRound();
        confirmOutcomes.endRound();
        publishSources();
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
     * One year's round: the mirrors in order until one gives a version the confirming source
     * confirms (or any plausible one, when confirmation is off); one that could only be served
     * unconfirmed is served when no later mirror does better. "Unchanged" ends the round only when
     * the served year is not in doubt: a fetched year the confirming source contradicts now goes on
     * to the next mirror and, if none agrees, is withdrawn. A year not served ends the round marked
     * disputed (with the dates) or not published yet, by what the mirrors answered.
     */
    private void update(int year) {
        HolidayYear served = live.get().years().get(year);
        Round r = new Round();
        for (URI base : sources.mirrors()) {
            URI url = URI.create(base + "/" + year + ".json");
            HolidayYear fetched = fetch(url, year);
            if (fetched == null) {
                continue;
            }
            r.answered = true;
            if (fetched.days().isEmpty()) {
                r.placeholder = true;
                continue;  // a placeholder at one mirror says nothing of the others
            }
            ChangeReview.Decision decision;
            try {
                ChangeReview.Proposal p = ChangeReview.touched(live.get(), fetched, pinned);
                Instant now = clock.instant();
                decision = ChangeReview.review(live.get(), p, confirming(p == null ? new TreeSet<>() : p.years()),
                        served == null && !sources.confirm().isEmpty() ? ledger.firstSeen(year, now) : now, sources.confirmWait(), now);
            } catch (HolidayDataException e) {
                outcomes.note(url, "cannot be served with the other years: " + e.problem());
                continue;
            }
            if (decision instanceof ChangeReview.Held h && h.dispute()) {
                r.disputes.put(url, h.disputes());
            } else if (decision instanceof ChangeReview.Held h) {
                r.waiting = h.reason();
                outcomes.note(url, h.reason());
            } else if (decision instanceof ChangeReview.Apply a && a.unconfirmed().isEmpty()) {
                held.remove(year);
                apply(a, url);
                return;
            } else if (decision instanceof ChangeReview.Apply a) {
                if (r.unconfirmed == null) {
                    r.unconfirmed = a;
                    r.unconfirmedUrl = url;
                }
            } else {
                outcomes.note(url, "ok, unchanged");
                if (!inDoubt(served) || recheck(served).disputes().isEmpty()) {
                    held.remove(year);
                    return;
                }
            }
        }
        if (r.unconfirmed != null) {
            held.remove(year);
            apply(r.unconfirmed, r.unconfirmedUrl);
            return;
        }
        if (inDoubt(served)) {
            List<Confirmation.Dispute> disputes = recheck(served).disputes();
            if (!disputes.isEmpty()) {
                withdraw(served, disputes);
                return;
            }
        }
        if (r.waiting != null) {
            held.put(year, r.waiting);
        } else if (!r.disputes.isEmpty() && served != null) {
            held.put(year, "chinese-days disagrees on " + Confirmation.describe(r.disputes.values().iterator().next()));
        } else {
            held.remove(year);
        }
        SortedSet<LocalDate> dates = new TreeSet<>();
        StringBuilder text = new StringBuilder("holidays " + year);
        r.disputes.forEach((url, d) -> {
            text.append(dates.isEmpty() ? " from " + url + " is not served" : "; from " + url)
                    .append(": chinese-days disagrees on ").append(Confirmation.describe(d));
            dates.addAll(Confirmation.dates(d));
        });
        if (!dates.isEmpty()) {
            warnDaily(year + " " + dates, text.toString());
        }
        if (served == null && r.answered) {
            live.set(dates.isEmpty() && r.placeholder && r.waiting == null
                    ? live.get().withNotPublished(year) : live.get().withDisputed(year, dates));
        }
    }

    /** What the confirming source says of each year, each fetched at most once a round; null when confirmation is off. */
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
            String outcome;
            HolidayFetcher.Result result = fetcher.fetch(url);
            if (result instanceof HolidayFetcher.Body body) {
                try {
                    HolidayYear file = CONFIRMING.read(url.toString(), year, body.bytes());
                    if (!file.days().isEmpty()) {
                        confirmOutcomes.note(url, "ok");
                        return ChangeReview.Confirming.found(file, url.toString());
                    }
                    outcome = "not published yet (no days listed)";
                } catch (HolidayDataException e) {
                    outcome = "refused: " + e.problem();
                }
                confirmOutcomes.note(url, outcome);
            } else {
                HolidayFetcher.Failure failure = (HolidayFetcher.Failure) result;
                outcome = failure.reason().equals("answered HTTP 404") ? "not published yet (answered HTTP 404)"
                        : failure.reason();
                if (failure.noAnswer()) {
                    confirmOutcomes.noAnswer(url, failure.reason());
                } else {
                    confirmOutcomes.note(url, outcome);
                }
            }
            why.add(url.getHost() + ": " + outcome);
        }
        return ChangeReview.Confirming.missing(String.join("; ", why));
    }

    /** Whether the served year is one the confirming source may contradict: fetched, with confirmation on. */
    private boolean inDoubt(HolidayYear served) {
        HolidaySources.Origin origin = served == null ? null : origin(served);
        return !sources.confirm().isEmpty()
                && (origin == HolidaySources.Origin.CONFIRMED || origin == HolidaySources.Origin.UNCONFIRMED);
    }

    /** What the confirming source says now of a fetched year being served; a first confirmation is recorded and logged. */
    private ChangeReview.Recheck recheck(HolidayYear served) {
        ChangeReview.Recheck check = ChangeReview.recheck(live.get(), confirming(ChangeReview.years(served)));
        if (check.disputes().isEmpty() && !check.confirmedBy().isEmpty()
                && origin(served) == HolidaySources.Origin.UNCONFIRMED) {
            ledger.confirmed(served.year(), check.confirmedBy());
            LOG.info("holidays {} is now confirmed by {}", served.year(), check.confirmedBy());
        }
        return check;
    }

    /** Carries out {@link ChangeReview#withdraw} for a fetched year the confirming source now contradicts. */
    private void withdraw(HolidayYear served, List<Confirmation.Dispute> disputes) {
        ChangeReview.Withdrawal plan;
        try {
            plan = ChangeReview.withdraw(live.get(), served, disputes, pinned, HolidayData.builtIn());
        } catch (HolidayDataException e) {
            throw new IllegalStateException("the built-in years are checked when the jar is built", e);
        }
        for (int y : plan.gone()) {
            ledger.unconfirmed(y);
            try {
                if (cache.isPresent()) {
                    cache.get().remove(y);
                }
            } catch (IOException e) {
                LOG.error("cannot remove holidays {} from the cache {} ({}); a restart may serve it until the next round",
                        y, cache.get().dir(), e.toString());
            }
        }
        if (plan.next() != null) {
            live.set(plan.next());
            held.remove(served.year());
        }
        warnDaily(served.year() + " " + Confirmation.dates(disputes), plan.message());
    }

    /** The year a mirror gave that passed the gate (a placeholder has no days), or null, its outcome noted. */
    private HolidayYear fetch(URI url, int year) {
        HolidayFetcher.Result result = fetcher.fetch(url);
        if (result instanceof HolidayFetcher.Failure failure) {
            if (failure.noAnswer()) {
                outcomes.noAnswer(url, failure.reason());
            } else {
                outcomes.note(url, failure.reason());
            }
            return null;
        }
        HolidayYear fetched;
        try {
            fetched = PRIMARY.read(url.toString(), year, ((HolidayFetcher.Body) result).bytes());
        } catch (HolidayDataException e) {
            outcomes.note(url, "refused: " + e.problem());
            return null;
        }
        HolidayGate.Verdict verdict = HolidayGate.check(fetched);
        if (!verdict.served()) {
            outcomes.note(url, verdict.describe());
        }
        return verdict.kind() == HolidayGate.Kind.REFUSED ? null : fetched;
    }

    /** Serves a year the review let through, keeps it in the cache and says so. */
    private void apply(ChangeReview.Apply a, URI url) {
        HolidayYear year = a.year();
        HolidayYear served = live.get().years().get(year.year());
        try {
            if (cache.isPresent()) {
                cache.get().write(year.year(), HolidayFile.write(year));
            }
        } catch (IOException e) {
            LOG.error("cannot keep holidays {} in the cache {} ({}); serving it until the next restart", year.year(),
                    cache.get().dir(), e.toString());
        }
        live.set(a.next());
        boolean confirmed = !a.confirmedBy().isEmpty() && a.unconfirmed().isEmpty();
        if (confirmed) {
            ledger.confirmed(year.year(), a.confirmedBy());
        } else {
            ledger.unconfirmed(year.year());
        }
        outcomes.note(url, "ok");
        String from = "from " + url + (confirmed ? ", confirmed by " + a.confirmedBy() : "");
        if (served == null) {
            HolidayGate.Verdict v = HolidayGate.check(year);
            LOG.info("holidays {} added: {} days off, {} make-up days, {}", year.year(), v.daysOff(), v.makeUpDays(), from);
        } else {
            LOG.info("holidays {} changed: {}; {}", year.year(), LogText.safe(ChangeReview.changes(served, year),
                    LogText.LINE), from);
        }
        if (!a.unconfirmed().isEmpty()) {
            LOG.warn("holidays {} is served without confirmation, {}; it is checked again every {}", year.year(),
                    LogText.safe(a.unconfirmed(), LogText.LINE), Durations.forPeople(sources.interval()));
        }
    }

    /** {@code what} with the remedy, once a UTC+8 day for {@code key}. */
    private void warnDaily(String key, String what) {
        if (disputeWarned.first(key)) {
            LOG.warn("{}; {}", LogText.safe(what, 2 * LogText.LINE), REMEDY);
        }
    }

    private HolidaySources.Origin origin(HolidayYear year) {
        if (pinned.contains(year.year())) {
            return HolidaySources.Origin.OPERATOR;
        }
        if (year.source().startsWith(HolidayData.BUILT_IN)) {
            return HolidaySources.Origin.BUILT_IN;
        }
        if (sources.confirm().isEmpty()) {
            return HolidaySources.Origin.FETCHED;
        }
        return ledger.confirmedBy(year.year()).isPresent() ? HolidaySources.Origin.CONFIRMED
                : HolidaySources.Origin.UNCONFIRMED;
    }

    private void publishSources() {
        List<HolidaySources.Year> years = new ArrayList<>();
        for (HolidayYear year : live.get().years().values()) {
            years.add(new HolidaySources.Year(year.year(), origin(year)));
        }
        List<String> heldBack = new ArrayList<>();
        held.forEach((year, reason) -> heldBack.add(year + ": " + LogText.safe(reason, LogText.LINE)));
        live.setSources(new HolidaySources(years, heldBack));
    }

    /** Once a UTC+8 day, while the covered range ends within 30 days or has ended: see {@link ExpiryWarning}. */
    public synchronized void warnIfEndingSoon() {
        expiry.warnIfEndingSoon(live.get(), held.get(live.get().last().getYear() + 1));
    }
}
