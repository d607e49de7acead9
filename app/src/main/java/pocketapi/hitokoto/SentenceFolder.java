package pocketapi.hitokoto;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicReference;
import pocketapi.files.Allowance;
import pocketapi.files.Folder;
import pocketapi.files.FolderWatcher;

/**
 * The sentences {@code /api/hitokoto} serves: the built-in ones, and HITOKOTO_DIR's. The folder holds files of the
 * hitokoto bundle's shape ({@code a.json} … {@code l.json}, or any {@code *.json} of that shape; a folder with a
 * {@code sentences/} folder inside, as the bundle comes, is read from there), watched by a {@link FolderWatcher}: read
 * at start, where a bad file stops the start, then every few seconds. Each category the folder has replaces the
 * built-in one; the others stay. Thread-safe: a request sees one whole set.
 */
public final class SentenceFolder {
    private static final int MAX_FILE = 8 << 20;
    private static final long MAX_FOLDER = 32 << 20;

    private final FolderWatcher<Sentences> watcher;
    /** The folder's files as last combined, and the set they make. */
    private final AtomicReference<Served> served = new AtomicReference<>();

    private record Served(Map<String, Sentences> files, Sentences sentences) {}

    private SentenceFolder(FolderWatcher<Sentences> watcher) {
        this.watcher = watcher;
    }

    /** The built-in sentences, read at their first use (not at start). */
    private static final class BuiltIn {
        static final Sentences ALL = Sentences.builtIn();
    }

    /**
     * @param budget what the folder's sentences may take of the heap together
     * @throws FolderWatcher.Refused naming the first bad file or the folder
     */
    public static SentenceFolder load(Optional<Path> dir, long budget) throws FolderWatcher.Refused {
        Optional<Path> files = dir.map(d -> Files.isDirectory(d.resolve("sentences")) ? d.resolve("sentences") : d);
        FolderWatcher.Rules<Sentences> rules = new FolderWatcher.Rules<>(
                "HITOKOTO_DIR",
                "sentence file",
                n -> n.endsWith(".json"),
                stem -> stem,
                MAX_FILE,
                MAX_FOLDER,
                64,
                SentenceFolder::read,
                Sentences::bytes,
                budget);
        return new SentenceFolder(FolderWatcher.load(files, rules, Map.of()));
    }

    /** One file, read as a stream: its sentences are charged as they are read, the file is never held whole. */
    private static Sentences read(String name, List<Folder.File> files, Allowance allowance)
            throws FolderWatcher.Refused {
        List<Sentence> all = new ArrayList<>();
        for (Folder.File f : files) {
            try (InputStream in = f.open()) {
                all.addAll(Sentences.parse(f.path() + " (HITOKOTO_DIR)", in, allowance));
            } catch (IllegalArgumentException e) {
                throw new FolderWatcher.Refused(e.getMessage());
            } catch (IOException e) {
                throw new FolderWatcher.Refused(f.path() + " (HITOKOTO_DIR): cannot be read (" + e.getMessage() + ")");
            }
        }
        return Sentences.of(all);
    }

    /** The sentences served now. */
    public Sentences sentences() {
        Map<String, Sentences> files = watcher.all();
        Served s = served.get();
        if (s == null || s.files() != files) { // a race only combines the same files twice
            List<Sentence> folder = new ArrayList<>();
            files.values().forEach(file -> folder.addAll(file.all()));
            s = new Served(files, files.isEmpty() ? BuiltIn.ALL : BuiltIn.ALL.replacedBy(Sentences.of(folder)));
            served.set(s);
        }
        return s.sentences();
    }

    /** Re-reads the folder every few seconds, on {@code background}. */
    public void start(ScheduledExecutorService background) {
        watcher.start(background);
    }

    /** One look at the folder now (tests). */
    public void reread() {
        watcher.rescan();
    }

    /** No HITOKOTO_DIR: the built-in sentences. */
    public static SentenceFolder builtIn() {
        try {
            return load(Optional.empty(), Long.MAX_VALUE);
        } catch (FolderWatcher.Refused e) {
            throw new IllegalStateException(e);
        }
    }
}
