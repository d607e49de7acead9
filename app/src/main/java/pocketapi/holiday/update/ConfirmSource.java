package pocketapi.holiday.update;

import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import pocketapi.holiday.ChineseDaysFile;
import pocketapi.holiday.HolidayDataException;

/**
 * The confirming source, chinese-days' per-year files at {@code <base>/YYYY.json}, tried base by
 * base: the first that gives a published year answers. Each year is fetched at most once per
 * round ({@link #newRound}). Used by the updater's one thread.
 */
final class ConfirmSource {
    private static final Logger LOG = LoggerFactory.getLogger(ConfirmSource.class);

    private final List<URI> bases;
    private final HolidayFetcher fetcher;
    private final OutcomeLog outcomes = new OutcomeLog(LOG, "holiday confirmation");
    private final Map<Integer, Lookup> round = new HashMap<>();

    /** What the confirming source says of a year. */
    sealed interface Lookup permits Found, Missing {
    }

    /** The year as the confirming source publishes it. */
    record Found(ChineseDaysFile file, URI url) implements Lookup {
    }

    /** Not to be had now: not published, unreachable, or refused; {@code why} says which, per base. */
    record Missing(String why) implements Lookup {
    }

    ConfirmSource(List<URI> bases, HolidayFetcher fetcher) {
        this.bases = List.copyOf(bases);
        this.fetcher = fetcher;
    }

    boolean on() {
        return !bases.isEmpty();
    }

    void newRound() {
        round.clear();
    }

    /** Logs the round's confirming mirrors that gave no answer, in one line. */
    void endRound() {
        outcomes.endRound();
    }

    Lookup lookup(int year) {
        return round.computeIfAbsent(year, this::fetch);
    }

    private Lookup fetch(int year) {
        List<String> why = new ArrayList<>();
        for (URI base : bases) {
            URI url = URI.create(base + "/" + year + ".json");
            String outcome;
            HolidayFetcher.Result result = fetcher.fetch(url);
            if (result instanceof HolidayFetcher.Body body) {
                try {
                    ChineseDaysFile file = ChineseDaysFile.parse(url.toString(), year, body.bytes());
                    if (file.published()) {
                        outcomes.note(url, "ok");
                        return new Found(file, url);
                    }
                    outcome = "not published yet (no days listed)";
                } catch (HolidayDataException e) {
                    outcome = "refused: " + e.problem();
                }
            } else {
                HolidayFetcher.Failure failure = (HolidayFetcher.Failure) result;
                String reason = failure.reason();
                outcome = reason.equals("answered HTTP 404") ? "not published yet (answered HTTP 404)" : reason;
                if (failure.noAnswer()) {
                    outcomes.noAnswer(url, reason);
                    why.add(url.getHost() + ": " + outcome);
                    continue;
                }
            }
            outcomes.note(url, outcome);
            why.add(url.getHost() + ": " + outcome);
        }
        return new Missing(String.join("; ", why));
    }
}
