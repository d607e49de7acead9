package pocketapi.holiday.update;

import java.io.IOException;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
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

import pocketapi.util.Daemons;
import pocketapi.util.LogOnce;
import pocketapi.util.LogText;
import pocketapi.util.Utc8;
import pocketapi.holiday.Confirmation;
import pocketapi.holiday.HolidayCalendar;
import pocketapi.holiday.HolidayDataException;
import pocketapi.holiday.HolidayFile;
import pocketapi.holiday.HolidayGate;
import pocketapi.holiday.HolidaySources;
import pocketapi.holiday.HolidayYear;
import pocketapi.holiday.LiveCalendar;
import pocketapi.util.Durations;

/**
 * Keeps the holiday data current while the service runs.
 *
 * <p>Every interval (and once right after start-up, in the background) it fetches the current
 * UTC+8 year and the next one (and any year between the covered range and them) from the primary
 * mirrors in order, {@code <base>/YYYY.json}. A file goes through the same parse and
 * {@link HolidayGate} as every other source; what then becomes of it is {@link ChangeReview}'s
 * decision (the confirming source must agree). An applied year is written to the cache and
 * swapped into the {@link LiveCalendar} whole. Anything else leaves the data as it is. Each
 * mirror URL's outcome is logged when it changes, not at every attempt; a disagreement of the two
 * sources once a day.
 *
 * <p>Once a day while the covered range ends within 30 days (or has ended) it warns, with the remedy.
 * Years from {@code HOLIDAY_DATA_DIR} are the operator's: they are never fetched. One thread.
 */
public final class HolidayUpdater implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(HolidayUpdater.class);
    static final long FIRST_CHECK_MILLIS = 1_000;
    private static final String REMEDY = "check the State Council's notice (gov.cn), and put the file you trust into "
            + "HOLIDAY_DATA_DIR (then restart)";

    /**
     * Where updates come from and how they are confirmed.
     *
     * @param mirrors     holiday-cn base URLs tried in order; empty: updates are off (the expiry warning still runs)
     * @param confirm     chinese-days base URLs tried in order; empty: changes are applied unconfirmed
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
    private final ScheduledExecutorService timer;
    private final OutcomeLog outcomes = new OutcomeLog(LOG, "holiday update");
    private final ConfirmSource confirm;
    private final ConfirmLedger ledger;
    private final ChangeReview review;
    private final TreeMap<Integer, String> held = new TreeMap<>();
    /** Each dispute's WARN, once a UTC+8 day. */
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
        this.confirm = new ConfirmSource(sources.confirm(), fetcher);
        this.ledger = new ConfirmLedger(cache.map(HolidayCache::dir));
        this.review = new ChangeReview(confirm, ledger, sources.confirmWait(), pinned, clock);
        this.expiry = new ExpiryWarning(sources.mirrors().isEmpty(), sources.interval(), clock);
        this.timer = Daemons.timer("holiday-updates");  // nothing to finish on stop: a cache write is atomic
        publishSources();
    }

    /**
     * Schedules the checks; returns at once. The first check runs in the background a second after
     * start-up, once the service answers (on a one-core server it would otherwise slow the start).
     */
    public void start() {
        if (!sources.mirrors().isEmpty()) {
            timer.scheduleWithFixedDelay(this::checkSafely, FIRST_CHECK_MILLIS, sources.interval().toMillis(),
                    TimeUnit.MILLISECONDS);
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
        confirm.newRound();
        int thisYear = Utc8.today(clock).getYear();
        int from = Math.min(thisYear, live.get().last().getYear() + 1);
        for (int year = from; year <= thisYear + 1; year++) {
            if (!pinned.contains(year)) {
                update(year);
            }
        }
        outcomes.endRound();
        confirm.endRound();
        publishSources();
    }

    /**
     * One year's round. The mirrors are asked in order until one gives a version the confirming
     * source confirms (or any plausible one, when confirmation is off); a version that could only
     * be served unconfirmed (the confirming source lacks the year and the wait is over) is served
     * when no later mirror does better. "Unchanged" ends the round only when the served year is not
     * in doubt: a fetched year the confirming source contradicts now goes on to the next mirror and,
     * if none agrees, is withdrawn ({@link #withdraw}). A year not served ends the round marked
     * disputed (with the dates) or not published yet, by what the mirrors answered.
     */
    private void update(int year) {
        HolidayYear served = live.get().years().get(year);
        Round round = new Round();
        for (URI base : sources.mirrors()) {
            URI url = URI.create(base + "/" + year + ".json");
            HolidayYear fetched = fetch(url, year);
            if (fetched == null) {
                continue;
            }
            round.answered = true;
            if (fetched.days().isEmpty()) {
                round.placeholder = true;
                continue;  // a placeholder at one mirror says nothing of the others
            }
            ChangeReview.Decision decision;
            try {
                decision = review.review(live.get(), fetched);
            } catch (HolidayDataException e) {
                outcomes.note(url, "cannot be served with the other years: " + e.problem());
                continue;
            }
            if (decision instanceof ChangeReview.Held h) {
                if (h.dispute()) {
                    round.disputes.put(url, h.disputes());
                } else {
                    round.waiting = h.reason();
                    outcomes.note(url, h.reason());
                }
            } else if (decision instanceof ChangeReview.Apply a) {
                if (a.unconfirmed().isEmpty()) {
                    held.remove(year);
                    apply(a, url);
                    return;
                }
                if (round.unconfirmed == null) {
                    round.unconfirmed = a;
                    round.unconfirmedUrl = url;
                }
            } else {
                outcomes.note(url, "ok, unchanged");
                if (!inDoubt(served) || recheck(year, served).settled()) {
                    held.remove(year);
                    return;
                }
            }
        }
        if (round.unconfirmed != null) {
            held.remove(year);
            apply(round.unconfirmed, round.unconfirmedUrl);
            return;
        }
        if (inDoubt(served)) {
            Check check = recheck(year, served);
            if (!check.disputes().isEmpty()) {
                withdraw(served, check.disputes());
                return;
            }
        }
        if (round.waiting != null) {
            held.put(year, round.waiting);
        } else if (!round.disputes.isEmpty() && served != null) {
            held.put(year, "chinese-days disagrees on " + Confirmation.describe(round.disputes.values().iterator().next()));
        } else {
            held.remove(year);
        }
        if (!round.disputes.isEmpty()) {
            warnDisputed(year, round.disputes);
        }
        if (served == null && round.answered) {
            SortedSet<LocalDate> dates = new TreeSet<>();
            round.disputes.values().forEach(d -> dates.addAll(Confirmation.dates(d)));
            live.set(dates.isEmpty() && round.placeholder && round.waiting == null
                    ? live.get().withNotPublished(year) : live.get().withDisputed(year, dates));
        }
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

    /** Whether the served year is one the confirming source may contradict: fetched, with confirmation on. */
    private boolean inDoubt(HolidayYear served) {
        if (served == null || !confirm.on()) {
            return false;
        }
        HolidaySources.Origin origin = origin(served);
        return origin == HolidaySources.Origin.CONFIRMED || origin == HolidaySources.Origin.UNCONFIRMED;
    }

    /**
     * @param disputes the dates the confirming source contradicts
     * @param settled  whether nothing better is to be had: confirmed, or the confirming source has nothing to say
     */
    private record Check(List<Confirmation.Dispute> disputes, boolean settled) {
    }

    /** What the confirming source says of a fetched year being served; a first confirmation is recorded and logged. */
    private Check recheck(int year, HolidayYear served) {
        ChangeReview.Recheck check = review.recheck(live.get(), served);
        if (!check.disputes().isEmpty()) {
            return new Check(check.disputes(), false);
        }
        if (!check.confirmedBy().isEmpty() && origin(served) == HolidaySources.Origin.UNCONFIRMED) {
            ledger.confirmed(year, check.confirmedBy());
            LOG.info("holidays {} is now confirmed by {}", year, check.confirmedBy());
        }
        return new Check(List.of(), true);
    }

    /** The daily WARN for a year whose mirrors' versions the confirming source contradicts, naming the dates. */
    private void warnDisputed(int year, Map<URI, List<Confirmation.Dispute>> disputes) {
        StringBuilder text = new StringBuilder("holidays " + year);
        SortedSet<LocalDate> dates = new TreeSet<>();
        disputes.forEach((url, d) -> {
            text.append(dates.isEmpty() ? " from " + url + " is not served" : "; from " + url)
                    .append(": chinese-days disagrees on ").append(Confirmation.describe(d));
            dates.addAll(Confirmation.dates(d));
        });
        warnDaily(year + " " + dates, text.toString());
    }

    /** Carries out what {@link Withdrawal} decides for a fetched year the confirming source now contradicts. */
    private void withdraw(HolidayYear served, List<Confirmation.Dispute> disputes) {
        int year = served.year();
        Withdrawal.Plan plan;
        try {
            plan = Withdrawal.plan(live.get(), served, disputes, pinned, HolidayData.builtIn());
        } catch (HolidayDataException e) {
            throw new IllegalStateException("the built-in years are checked when the jar is built", e);
        }
        for (int y : plan.gone()) {
            ledger.unconfirmed(y);
            if (cache.isPresent()) {
                try {
                    cache.get().remove(y);
                } catch (IOException e) {
                    LOG.error("cannot remove holidays {} from the cache {} ({}); a restart may serve it until the next "
                            + "round", y, cache.get().dir(), e.toString());
                }
            }
        }
        if (plan.next() != null) {
            live.set(plan.next());
            held.remove(year);
        }
        warnDaily(year + " " + Confirmation.dates(disputes), plan.message());
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
            // Names through the festival table: no text of a mirror's choosing is ever served.
            fetched = HolidayFile.parse(url.toString(), year, ((HolidayFetcher.Body) result).bytes()).canonical();
        } catch (HolidayDataException e) {
            outcomes.note(url, "refused: " + e.problem());
            return null;
        }
        HolidayGate.Verdict verdict = HolidayGate.check(fetched);
        return switch (verdict.kind()) {
            case SERVED -> fetched;
            case NOT_PUBLISHED -> {
                outcomes.note(url, verdict.describe());
                yield fetched;
            }
            case REFUSED -> {
                outcomes.note(url, verdict.describe());
                yield null;
            }
        };
    }

    /** Serves a year the review let through, keeps it in the cache and says so. */
    private void apply(ChangeReview.Apply a, URI url) {
        HolidayYear year = a.year();
        HolidayYear served = live.get().years().get(year.year());
        if (cache.isPresent()) {
            try {
                cache.get().write(year.year(), HolidayFile.write(year));
            } catch (IOException e) {
                LOG.error("cannot keep holidays {} in the cache {} ({}); serving it until the next restart",
                        year.year(), cache.get().dir(), e.toString());
            }
        }
        live.set(a.next());
        if (a.confirmedBy().isEmpty() || !a.unconfirmed().isEmpty()) {
            ledger.unconfirmed(year.year());
        } else {
            ledger.confirmed(year.year(), a.confirmedBy());
        }
        outcomes.note(url, "ok");
        String from = "from " + url + (a.confirmedBy().isEmpty() || !a.unconfirmed().isEmpty() ? ""
                : ", confirmed by " + a.confirmedBy());
        if (served == null) {
            HolidayGate.Verdict v = HolidayGate.check(year);
            LOG.info("holidays {} added: {} days off, {} make-up days, {}", year.year(), v.daysOff(), v.makeUpDays(), from);
        } else {
            LOG.info("holidays {} changed: {}; {}", year.year(), LogText.safe(ChangeReview.changes(served, year), LogText.LINE), from);
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
        if (!confirm.on()) {
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
    public void warnIfEndingSoon() {
        expiry.warnIfEndingSoon(live.get(), held.get(live.get().last().getYear() + 1));
    }
}
