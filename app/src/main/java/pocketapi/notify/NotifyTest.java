package pocketapi.notify;

import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.Set;
import pocketapi.common.Utc8;

/** {@code --notify-test}, and the check of the calendars the targets name. */
public final class NotifyTest {
    private NotifyTest() {}

    /**
     * Sends one test message to every target and prints a line each: its format and host, the HTTP status, ok or
     * failed.
     */
    public static int run(List<Target> targets, Notifier.Sender sender, PrintStream out) {
        if (targets.isEmpty()) {
            out.println("NOTIFY_URLS is not set: there is no target to test");
            return 2;
        }
        boolean all = true;
        for (Target t : targets) {
            String result;
            try {
                int status = sender.send(t, Events.test(Utc8.today(java.time.Clock.systemUTC()), t.english()));
                all &= status / 100 == 2;
                result = "HTTP " + status + (status / 100 == 2 ? " ok" : " failed");
            } catch (IOException e) {
                all = false;
                result = "failed (" + e.getClass().getSimpleName() + ")";
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return 1;
            }
            out.println(t.name() + ": " + result);
        }
        return all ? 0 : 1;
    }

    /** A line naming the targets whose {@code calendar=} is not one of {@code names}, or null. */
    public static String unknownCalendars(List<Target> targets, Set<String> names) {
        for (Target t : targets) {
            if (t.calendar() != null && !names.contains(t.calendar())) {
                return "NOTIFY_URLS (--notify-urls): " + t.name() + " names calendar=" + t.calendar()
                        + ", which is not one of the calendars here: " + String.join(", ", names);
            }
        }
        return null;
    }
}
