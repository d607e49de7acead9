package pocketapi;

import java.util.Map;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * One packaged jar for the tests that only read from it: started with the defaults on a free port the first time a test
 * asks for it (a {@link JarProcess} parameter), ended with its folder when the whole run is over. Each process costs a
 * JVM's start-up; a read-only test is answered the same whoever asked first. A test that changes the service's state,
 * its files or its settings, or ends it, starts its own.
 */
final class SharedJar implements ParameterResolver {
    private static final ExtensionContext.Namespace SHARED = ExtensionContext.Namespace.create(SharedJar.class);

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == JarProcess.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        // The root's store closes what it holds (JarProcess is AutoCloseable) at the end of the run.
        return context.getRoot()
                .getStore(SHARED)
                .getOrComputeIfAbsent(JarProcess.class, k -> start(), JarProcess.class);
    }

    private static JarProcess start() {
        try {
            return JarProcess.start(Map.of());
        } catch (Exception e) {
            throw new IllegalStateException("the shared jar did not start", e);
        }
    }
}
