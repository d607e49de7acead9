package pocketapi.image;

import java.nio.file.Path;
import java.util.Optional;

/**
 * The portrait and the landscape pool. Without pool files, the bundled sample pictures.
 *
 * @param bundled whether these are the bundled sample pictures (served by the service itself)
 */
public record ImagePools(ImagePool portrait, ImagePool landscape, boolean bundled, ImagePool both) {
    public ImagePools(ImagePool portrait, ImagePool landscape, boolean bundled) {
        this(portrait, landscape, bundled, ImagePool.join(portrait.source() + " + " + landscape.source(), portrait, landscape));
    }

    /** The bundled sample pools. */
    public static ImagePools samples() throws ImagePoolException {
        return new ImagePools(ImagePool.resource("samples/portrait.txt", ImagePool.Shape.PORTRAIT),
                ImagePool.resource("samples/landscape.txt", ImagePool.Shape.LANDSCAPE), true);
    }

    /** The pools of the given files, or the samples when neither file is given. */
    public static ImagePools load(Optional<Path> portrait, Optional<Path> landscape) throws ImagePoolException {
        if (portrait.isEmpty() && landscape.isEmpty()) {
            return samples();
        }
        if (portrait.isEmpty() || landscape.isEmpty()) {
            throw new ImagePoolException("IMAGE_POOL_PORTRAIT and IMAGE_POOL_LANDSCAPE must be set together");
        }
        return new ImagePools(ImagePool.read(portrait.get(), "IMAGE_POOL_PORTRAIT", ImagePool.Shape.PORTRAIT),
                ImagePool.read(landscape.get(), "IMAGE_POOL_LANDSCAPE", ImagePool.Shape.LANDSCAPE), false);
    }
}
