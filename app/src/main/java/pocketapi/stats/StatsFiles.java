package pocketapi.stats;

import java.nio.file.Path;

/**
 * The files of the file store, all beside STATS_FILE ({@code stats.json} here):
 * <ul>
 *   <li>{@code stats.json}: every counter as of a full save, numbered by its generation;</li>
 *   <li>{@code stats.json.new}: a full save being written (renamed to {@code stats.json} once complete);</li>
 *   <li>{@code stats.json.bak}: the full save before it;</li>
 *   <li>{@code stats.json.journal}: one record per save since, holding the counters that changed,
 *       as their new values, each tagged with the generation it follows;</li>
 *   <li>{@code stats.json.journal.bak}: the journal before it, which {@code .bak} needs.</li>
 * </ul>
 */
record StatsFiles(Path main, Path fresh, Path backup, Path journal, Path journalBackup) {
    static StatsFiles of(Path statsFile) {
        Path main = statsFile.toAbsolutePath();
        String name = main.getFileName().toString();
        return new StatsFiles(main, main.resolveSibling(name + ".new"), main.resolveSibling(name + ".bak"),
                main.resolveSibling(name + ".journal"), main.resolveSibling(name + ".journal.bak"));
    }
}
