package pocketapi.holidays.update;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import pocketapi.logging.LogText;
import pocketapi.logging.Throttle;

/**
 * Logs what each mirror URL answered, once per change rather than at every attempt: a problem as a WARN, a recovery or
 * "not published yet" as INFO, a steady "ok" not at all. Mirrors that gave no answer at all (offline, a time-out) are
 * gathered over a round into one line, so a server without network logs one line, not one per mirror and year.
 * Everything a mirror's answer put into the text is escaped and cut short first. Used by one thread; what /metrics
 * reads ({@link #sources}, {@link #waiting}) from any.
 */
public final class OutcomeLog {
    private final Logger log;
    private final String what;
    private final Throttle last = Throttle.untilCleared();
    /** This round's mirrors without an answer, host -> why; and the line last logged for such a round. */
    private final Map<String, String> unanswered = new java.util.LinkedHashMap<>();

    private String lastUnanswered = "";

    /**
     * What a source (a host) did last, for /metrics: when it was last asked, when it last answered as it should (a
     * year, "not published", "waiting"), and whether its last answer was one.
     */
    public record Source(String host, long askedMillis, long answeredMillis, boolean up) {}

    private final Map<String, Source> sources = new ConcurrentHashMap<>();
    /** Each URL's last outcome (read by /metrics on another thread). */
    private final Map<String, String> latest = new ConcurrentHashMap<>();

    private static final Pattern YEAR = Pattern.compile(".*?(\\d{4})(?:\\.json)?$");

    private void asked(URI url, boolean answered) {
        long now = System.currentTimeMillis();
        sources.compute(
                url.getAuthority(),
                (host, was) ->
                        new Source(host, now, answered ? now : was == null ? 0 : was.answeredMillis(), answered));
    }

    /** Every source asked so far, by host. */
    public List<Source> sources() {
        return List.copyOf(sources.values());
    }

    /** The years some source last said are waiting for confirmation. */
    public Set<Integer> waiting() {
        Set<Integer> years = new TreeSet<>();
        latest.forEach((url, outcome) -> {
            Matcher m = YEAR.matcher(url.replace("#", "/"));
            if (outcome.startsWith("waiting") && m.matches()) {
                years.add(Integer.parseInt(m.group(1)));
            }
        });
        return years;
    }

    /** @param what how a line starts, e.g. {@code holiday update} */
    public OutcomeLog(Logger log, String what) {
        this.log = log;
        this.what = what;
    }

    /** A mirror that gave no answer: said once per round for all of them, in {@link #endRound}. */
    public void noAnswer(URI url, String why) {
        asked(url, false);
        latest.put(url.toString(), "no answer");
        last.told(url.toString(), "no answer");
        unanswered.putIfAbsent(url.getAuthority(), LogText.safe(why, LogText.SHORT));
    }

    /** Logs the round's mirrors without an answer, in one line, when that differs from the last round's. */
    public void endRound() {
        String line = "";
        if (!unanswered.isEmpty()) {
            line = "no answer from " + String.join(", ", unanswered.keySet()) + " ("
                    + String.join("; ", new java.util.LinkedHashSet<>(unanswered.values())) + ")";
        }
        unanswered.clear();
        if (!line.isEmpty() && !line.equals(lastUnanswered)) {
            log.warn("{}: {}; keeping the data as it is and trying again later", what, line);
        }
        lastUnanswered = line;
    }

    /** @param outcome starting with {@code ok} for a good answer, {@code not published} or {@code waiting} for news */
    public void note(URI url, String outcome) {
        String safe = LogText.safe(outcome, LogText.LINE);
        asked(url, safe.startsWith("ok") || safe.startsWith("not published") || safe.startsWith("waiting"));
        latest.put(url.toString(), safe);
        String previous = last.told(url.toString(), safe);
        if (safe.equals(previous) || safe.startsWith("ok") && (previous == null || previous.startsWith("ok"))) {
            return;
        }
        if (safe.startsWith("ok") || safe.startsWith("not published") || safe.startsWith("waiting")) {
            log.info("{} {}: {}", what, url, safe);
        } else {
            log.warn("{} {}: {}; keeping the data as it is", what, url, safe);
        }
    }
}
