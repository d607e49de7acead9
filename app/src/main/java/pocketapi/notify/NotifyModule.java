package pocketapi.notify;

import java.time.Clock;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Function;
import pocketapi.config.Config;
import pocketapi.config.ConfigException;
import pocketapi.counters.CounterSettings;
import pocketapi.holidays.HolidaysModule;
import pocketapi.holidays.RegionCalendars;
import pocketapi.web.Html;
import pocketapi.web.Measures;
import pocketapi.web.Module;
import pocketapi.web.Routes;
import pocketapi.web.ServerSettings;

/**
 * The notifications ({@code SERVE=notify}, with the holiday calendar): each target of NOTIFY_URLS told when next year
 * is out and on the evening before a day that breaks its week. No endpoint. Thread-safe.
 */
public final class NotifyModule implements Module {
    private final List<Target> targets;
    private final Notifier notifier;

    private NotifyModule(List<Target> targets, Notifier notifier) {
        this.targets = targets;
        this.notifier = notifier;
    }

    /**
     * The targets of NOTIFY_URLS, over the holiday calendar's calendars.
     *
     * @throws ConfigException when an entry is not accepted, or names a calendar of one's own there is not
     */
    public static NotifyModule of(
            Config config, HolidaysModule holidays, RegionCalendars regions, Clock clock, String userAgent)
            throws ConfigException {
        List<Target> targets = config.read(NotifySettings.NOTIFY_URLS, v -> Target.parseAll(v, regions::parse));
        String unknown =
                NotifyTest.unknownCalendars(targets, holidays.own().all().keySet());
        if (unknown != null) {
            throw new ConfigException(unknown);
        }
        Notifier notifier = targets.isEmpty()
                ? null
                : new Notifier(
                        targets,
                        holidays.calendar(),
                        regions::calendar,
                        holidays.own()::all,
                        config.get(ServerSettings.PUBLIC_URL),
                        config.get(CounterSettings.STATS_FILE).toAbsolutePath().resolveSibling("notify.state"),
                        clock,
                        holidays::detailJson,
                        Notifier.http(userAgent));
        return new NotifyModule(targets, notifier);
    }

    @Override
    public String name() {
        return "notify";
    }

    @Override
    public void routes(Routes routes) {
        // none: the targets are told, nobody asks
    }

    @Override
    public void start(Function<String, ScheduledExecutorService> threads) {
        if (notifier != null) {
            notifier.start(threads.apply("notify"));
        }
    }

    /** Notifications sent and failed, by kind of target; nothing without targets. */
    @Override
    public void measures(Measures m) {
        if (notifier == null) {
            return;
        }
        m.counter(
                "notifications_sent",
                "notifications delivered, by kind of target",
                List.of("kind"),
                r -> notifier.sent().forEach((kind, n) -> r.value(n, kind)));
        m.counter(
                "notifications_failed",
                "notification deliveries that failed (each attempt), by kind of target",
                List.of("kind"),
                r -> notifier.failed().forEach((kind, n) -> r.value(n, kind)));
    }

    @Override
    public String footer() {
        return " · 通知 <span lang=\"en\">notifications</span>: <span id=\"notify\">"
                + (targets.isEmpty()
                        ? "未设置 <span lang=\"en\">none (NOTIFY_URLS)</span>"
                        : Html.escape(String.join(
                                " · ", targets.stream().map(Target::name).toList())))
                + "</span>";
    }
}
