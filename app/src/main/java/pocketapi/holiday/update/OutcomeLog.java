package pocketapi.holiday.update;

import java.net.URI;
import java.util.HashMap;
import java.util.Map;

import org.slf4j.Logger;

import pocketapi.util.LogText;

/**
 * Logs what each mirror URL answered, once per change rather than at every attempt: a problem as
 * a WARN, a recovery or "not published yet" as INFO, a steady "ok" not at all. Everything a
 * mirror's answer put into the text is escaped and cut short first. Used by one thread.
 */
final class OutcomeLog {
    private final Logger log;
    private final String what;
    private final Map<URI, String> last = new HashMap<>();

    /** @param what how a line starts, e.g. {@code holiday update} */
    OutcomeLog(Logger log, String what) {
        this.log = log;
        this.what = what;
    }

    /** @param outcome starting with {@code ok} for a good answer, {@code not published} or {@code waiting} for news */
    void note(URI url, String outcome) {
        String safe = LogText.safe(outcome, LogText.LINE);
        String previous = last.put(url, safe);
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
