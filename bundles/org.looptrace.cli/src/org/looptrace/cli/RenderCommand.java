// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.looptrace.model.Model;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.RankSet;
import org.looptrace.timeline.Drawing;
import org.looptrace.timeline.LayoutOptions;
import org.looptrace.timeline.TimeColours;
import org.looptrace.timeline.TimelineLayout;
import org.looptrace.timeline.render.PngRenderer;
import org.looptrace.timeline.render.SvgRenderer;
import org.looptrace.trace.otf2.TraceSource;

/** {@code looptrace render}: the timeline of a model (section IV of the paper) as an SVG or PNG picture. */
public final class RenderCommand implements Command {

	private static final int MAX_WIDTH = 100_000;

	@Override
	public String name() {
		return "render";
	}

	@Override
	public String summary() {
		return "the timeline of a model as an SVG or PNG picture (loops as boxes, messages as arrows)";
	}

	@Override
	public String help() {
		return """
				usage: looptrace render <model.loops> -o FILE.svg|FILE.png [--force] [--width N] [--ranks SET]
				                        [--collapse DEPTH] [--time FOLDER]

				Draws the model as the paper's figure 5 does: a line per rank, a Lamport clock for
				horizontal positions (a loop body is drawn once, a loop over ranks rank by rank),
				loops as gray boxes with their iteration count in the upper-left corner (darker when
				deeper), rank lines moving to meet the loops they take part in (rank numbers beside a
				box whose lines moved), messages as arrows from send to receive coloured by tag (a
				legend below), collectives as dashed vertical lines, MPI call and return brackets.
				The format follows the name of the output file. SVG elements carry classes to style
				or count: loop (with data-count, data-depth, data-path), message, collective, rank-line.

				options:
				  -o FILE           the picture to write, .svg or .png (its missing folders created; written
				                    through a temporary file, then moved)
				  --force           replace an existing FILE
				  --width N         its width in pixels (default %d, from %d to %d)
				  --ranks SET       only these ranks, e.g. 0-3,8 (positions stay those of the whole model);
				                    ranks that own no event of the model are left out with a warning,
				                    a SET without any rank of the model is an error
				  --collapse DEPTH  loops nested deeper than DEPTH are drawn as closed boxes (0: every
				                    loop closed; default: all open)
				  --time FOLDER     colour the loops by their time in the data traces FOLDER/data.<rank>
				                    (or those of an OTF2 archive, its traces.otf2 or the folder
				                    holding it; total time summed over the ranks, as looptrace profile): pale
				                    yellow for the least, orange for the greatest, on a logarithmic
				                    scale; loops no rank runs stay gray (docs/TIME.md)

				example:
				  looptrace model examples/wavefront-16 -o wavefront.loops
				  looptrace render wavefront.loops -o wavefront.svg --width 1600
				  looptrace render wavefront.loops -o wavefront.png --time examples/wavefront-16
				""".formatted(LayoutOptions.DEFAULTS.width(), LayoutOptions.MIN_WIDTH, MAX_WIDTH);
	}

	@Override
	public int run(List<String> args, PrintStream out, PrintStream err) throws Exception {
		Arguments arguments = Arguments.parse(name(), args, Set.of("-o", "--width", "--ranks", "--collapse", "--time"), Set.of("--force"));
		Path input = Arguments.existingFile(name(), arguments.positional(1, 1, "one model file").get(0));
		String output = arguments.value("-o");
		if (output == null) {
			throw new UsageException(name() + ": -o FILE.svg or -o FILE.png is required");
		}
		String lower = output.toLowerCase(Locale.ROOT);
		boolean png = lower.endsWith(".png");
		if (!png && !lower.endsWith(".svg")) {
			throw new UsageException(name() + ": " + output + ": expected a file name ending in .svg or .png");
		}
		Path file = Arguments.outputFile(name(), output, arguments.flag("--force"), err);
		int width = arguments.intValue("--width", LayoutOptions.DEFAULTS.width(), LayoutOptions.MIN_WIDTH, MAX_WIDTH);
		int collapse = arguments.intValue("--collapse", Integer.MAX_VALUE, 0, Integer.MAX_VALUE);
		RankSet ranks = null;
		String set = arguments.value("--ranks");
		if (set != null) {
			try {
				ranks = RankSet.valueOf(set);
			} catch (IllegalArgumentException e) {
				throw new UsageException(name() + ": option --ranks " + e.getMessage());
			}
		}
		// a model of thousands of ranks takes seconds to read, lay out, draw and encode: say where it is
		Progress progress = TerminalProgress.of(err);
		Drawing drawing;
		try {
			progress.begin("Reading " + input, -1);
			String text = Arguments.readText(name(), input);
			Model model = ScanCommand.parseModel(name(), input, text);
			if (ranks != null) {
				TerminalProgress.clear(progress);
				warnOutside(ranks, input, model, err);
			}
			progress.begin("Laying out the timeline", -1);
			try {
				drawing = TimelineLayout.layout(model, new LayoutOptions(ranks, collapse, width));
			} catch (IllegalArgumentException e) {
				throw new UsageException(name() + ": " + input + ": " + e.getMessage());
			}
			if (drawing.isEmpty()) {
				// a blank picture would pass for a drawing of something: as other commands refuse an input without events
				throw new UsageException(name() + ": " + Drawing.nothingToDraw(input));
			}
			String times = arguments.value("--time");
			TimeColours fills = times == null ? TimeColours.NONE : TimeColours.of(drawing, loopTimes(model, input, text, times, err));
			if (png) {
				// Drawing on an image needs no display: say so before AWT starts, for machines without one.
				System.setProperty("java.awt.headless", "true");
				AtomicFile.write(file, PngRenderer.render(drawing, fills, progress));
			} else {
				AtomicFile.write(file, SvgRenderer.render(drawing, fills));
			}
		} finally {
			TerminalProgress.clear(progress);
		}
		out.printf("%s: %d loops, %d messages, %d collectives on %d ranks, %d ticks%n", output, drawing.boxes().size(),
				drawing.arrows().size(), drawing.collectives().size(), drawing.rankLines().size(), drawing.ticks());
		return 0;
	}

	/**
	 * Ranks of {@code --ranks} that own no event of the model are left out with a warning (a range
	 * such as 0-99 is a natural way to ask for every rank); a set with no rank of the model is an error.
	 */
	private void warnOutside(RankSet ranks, Path input, Model model, PrintStream err) throws UsageException {
		RankSet owners = ModelRanks.of(name(), input, model);
		RankSet outside = ModelRanks.outside(ranks, owners);
		if (outside.equals(ranks)) {
			throw new UsageException(name() + ": --ranks " + ranks + ": no rank of the set owns an event of " + input + "; "
					+ ModelRanks.owning(owners));
		}
		if (!outside.isEmpty()) {
			err.println("looptrace " + name() + ": warning: --ranks " + ranks + ": " + (outside.size() == 1 ? "rank " + outside + " owns" : "ranks " + outside + " own")
					+ " no event of " + input + " and are not drawn; " + ModelRanks.owning(owners));
		}
	}

	/** The time of the loops of a model from the data traces of a folder or an archive ({@code --time}). */
	private Map<String, Long> loopTimes(Model model, Path input, String text, String folder, PrintStream err)
			throws IOException, UsageException {
		try {
			TraceSource traces = TraceInput.forModel(name(), Arguments.existing(name(), folder), text, false, err);
			return ProfileCommand.read(name(), model, input, traces, Signals.PROGRESS).loopTimes();
		} catch (ArithmeticException e) {
			throw new UsageException(name() + ": " + folder + ": the time of a loop summed over its ranks passes 2^63 - 1 ns");
		}
	}
}
