// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.ui.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.widgets.Shell;
import org.looptrace.model.core.Progress;
import org.looptrace.timeline.Drawing;
import org.looptrace.timeline.TimeColours;
import org.looptrace.timeline.render.PngRenderer;
import org.looptrace.timeline.render.SvgRenderer;
import org.looptrace.ui.ModelViews;
import org.looptrace.ui.ModelViews.ModelFile;
import org.looptrace.ui.internal.views.ExportJob;

/**
 * The export of the Timeline view's picture, drawn by the headless renderers of {@code looptrace
 * render} (PNG when the file name ends in {@code .png}, SVG otherwise), in an {@link ExportJob}.
 */
final class TimelineExport extends ExportJob {

	/** The export of a drawing, its loop boxes filled with {@code fills}, into {@code target}. */
	TimelineExport(Drawing drawing, TimeColours fills, Path target) {
		super(NLS.bind(Messages.TimelineExport_name, target), Messages.TimelineView_exportFailed, target,
				(out, progress) -> picture(drawing, fills, target, out, progress));
	}

	/**
	 * Asks where to export the picture of a model, as SVG or PNG (the name given the PNG filter's
	 * extension when it has not); null when cancelled.
	 */
	static @Nullable Path askTarget(Shell shell, ModelFile model) {
		ModelViews.Target target = ModelViews.exportTarget(shell, Messages.TimelineView_exportTitle, model.stem() + "-timeline.svg",
				model.location().getParent(), new String[] { "*.svg", "*.png" },
				new String[] { Messages.TimelineView_svgFiles, Messages.TimelineView_pngFiles });
		if (target == null) {
			return null;
		}
		String chosen = target.file();
		if (target.filter() == 1 && !chosen.toLowerCase(Locale.ROOT).endsWith(".png")) {
			chosen = chosen.replaceFirst("(?i)\\.svg$", "") + ".png";
		}
		return Path.of(chosen);
	}

	private static void picture(Drawing drawing, TimeColours fills, Path target, OutputStream out, Progress progress) throws IOException {
		if (String.valueOf(target.getFileName()).toLowerCase(Locale.ROOT).endsWith(".png")) {
			if (System.getProperty("java.awt.headless") == null) {
				// the picture is painted off screen: AWT must not open a connection to the display SWT uses
				System.setProperty("java.awt.headless", "true");
			}
			out.write(PngRenderer.render(drawing, fills, progress));
		} else {
			out.write(SvgRenderer.render(drawing, fills, progress).getBytes(StandardCharsets.UTF_8));
		}
	}
}
