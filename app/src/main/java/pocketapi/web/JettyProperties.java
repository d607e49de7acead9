package pocketapi.web;

/**
 * The system properties Jetty reads once, when its classes load: set by {@code Main} first of all, before any class can
 * load Jetty (this class names none of them); the test build sets the first in its configuration.
 *
 * <ul>
 *   <li>{@link HttpApi#STRICT_CONTENT_TYPES}: content types sent as written;
 *   <li>{@value #REFERENCES_PER_CACHE_LINE}: how many object references fill a cache line, a hint for the padding of
 *       Jetty's queues. Unset, Jetty's {@code MemoryUtils} works it out by starting the platform MBean server to ask
 *       whether references are compressed, some 150 ms of a one-CPU start that nothing else here needs. The value set
 *       is the one Jetty would find: its cache line (64 bytes unless {@value #CACHE_LINE_BYTES} says otherwise) over
 *       the size of a reference in an array, which is what a compressed reference changes. Left unset when the JVM does
 *       not tell that size, or when the operator set it.
 * </ul>
 */
public final class JettyProperties {
    static final String REFERENCES_PER_CACHE_LINE = "org.eclipse.jetty.util.referencesPerCacheLine";
    static final String CACHE_LINE_BYTES = "org.eclipse.jetty.util.cacheLineBytes";

    private JettyProperties() {}

    /** Sets them (the second only when not set yet). */
    public static void set() {
        System.setProperty(HttpApi.STRICT_CONTENT_TYPES, "true");
        if (System.getProperty(REFERENCES_PER_CACHE_LINE) == null) {
            int perLine = referencesPerCacheLine();
            if (perLine > 0) {
                System.setProperty(REFERENCES_PER_CACHE_LINE, Integer.toString(perLine));
            }
        }
    }

    /** As Jetty's {@code MemoryUtils} works it out; 0 when unknown. */
    static int referencesPerCacheLine() {
        int line;
        try {
            line = Integer.parseInt(System.getProperty(CACHE_LINE_BYTES, "64"));
        } catch (NumberFormatException e) {
            line = 64; // as Jetty falls back
        }
        int reference = referenceBytes();
        return reference > 0 && line / reference > 0 ? line / reference : 0; // below 1, Jetty works it out itself
    }

    /** The bytes of one reference in an array (4 when compressed, 8 when not); 0 when the JVM does not say. */
    static int referenceBytes() {
        try {
            return Class.forName("sun.misc.Unsafe")
                    .getField("ARRAY_OBJECT_INDEX_SCALE")
                    .getInt(null);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return 0;
        }
    }
}
