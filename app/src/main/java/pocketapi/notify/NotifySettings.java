package pocketapi.notify;

import java.util.List;
import pocketapi.config.Config;
import pocketapi.config.Setting;
import pocketapi.config.WritableFolders;
import pocketapi.counters.CounterSettings;

/**
 * The notifications' settings. Each is an environment variable and a flag; {@code --help} and the README's table list
 * them in this order.
 */
public final class NotifySettings {
    public static final Setting<String> NOTIFY_URLS = Setting.of(
            "NOTIFY_URLS",
            "",
            "comma-separated targets told when next year is out and on the evening before a day that breaks the week: "
                    + "FORMAT+URL, FORMAT one of webhook, ntfy, bark, wecom, dingtalk, feishu; options in "
                    + "the URL's fragment: "
                    + "#events=year,eve,ending&week=6&at=20:00&lang=en&region=hk (docs/notifications.md). Unset: none",
            v -> v.list("comma-separated targets FORMAT+URL, FORMAT one of webhook, ntfy, bark, wecom, dingtalk, "
                    + "feishu (docs/notifications.md)"));

    /** In the order of --help and the README's table. */
    public static final List<Setting<?>> ALL = List.of(NOTIFY_URLS);

    private NotifySettings() {}

    /** The folder notifications write to while there are targets: STATS_FILE's, where notify.state is kept. */
    public static List<WritableFolders.Wanted> folders(Config config) {
        return config.get(NOTIFY_URLS).isBlank() ? List.of() : List.of(CounterSettings.folder(config));
    }
}
