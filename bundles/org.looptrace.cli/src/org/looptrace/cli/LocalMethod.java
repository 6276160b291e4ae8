// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.Model;
import org.looptrace.model.core.Progress;
import org.looptrace.nlr.LocalModelCache;
import org.looptrace.nlr.Nlr;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.nlr.crochemore.CrochemoreNests;
import org.looptrace.nlr.crochemore.CrochemoreNests.Construction;
import org.looptrace.trace.TraceFolder;

/**
 * {@code --method}: how the local models of {@code nlr} and {@code model} are built, NLR (the
 * default) or the loop nests of Xu and Subhlok (<i>Efficient Discovery of Loop Nests in
 * Communication Traces of Parallel Programs</i>), greedy or optimal.
 */
public enum LocalMethod {
	NLR, GREEDY, OPTIMAL;

	/** The help lines of the option, for the commands that take it. */
	static final String HELP = """
			  --method M     how local models are built: nlr (default: streaming, fields affine in
			                 the loop indices), greedy or optimal (Crochemore's repetitions of the
			                 whole trace, after Xu and Subhlok: identical bodies, long outer loops
			                 found whole; see docs/LOOPS.md)
			""";

	/** The method named by {@code --method}; options that only NLR reads are refused with the others. */
	static LocalMethod of(String command, Arguments arguments) throws UsageException {
		String name = arguments.value("--method", "nlr");
		LocalMethod method;
		try {
			method = valueOf(name.toUpperCase(java.util.Locale.ROOT));
		} catch (IllegalArgumentException e) {
			throw new UsageException(command + ": option --method expects nlr, greedy or optimal, found '" + name + "'");
		}
		for (String nlrOnly : List.of("-k", "--stack", "--no-affine")) {
			if (method != NLR && (arguments.value(nlrOnly) != null || arguments.flag(nlrOnly))) {
				throw new UsageException(command + ": option " + nlrOnly + " applies to --method nlr only");
			}
		}
		return method;
	}

	Model modelFile(Path file, NlrOptions options, Progress progress) throws IOException {
		return this == NLR ? Nlr.modelFile(file, options, progress)
				: CrochemoreNests.modelFile(file, construction(), progress);
	}

	public List<Model> modelFolder(TraceFolder folder, NlrOptions options, int threads, Progress progress) throws IOException {
		return this == NLR ? Nlr.modelFolder(folder, options, threads, progress)
				: CrochemoreNests.modelFolder(folder, construction(), threads, progress);
	}

	/** The local model of one rank; NLR reuses the model {@code cache} holds. */
	Model modelRank(TraceFolder folder, int rank, NlrOptions options, Progress progress, @Nullable LocalModelCache cache)
			throws IOException {
		return this == NLR ? Nlr.modelRank(folder, rank, options, progress, cache)
				: CrochemoreNests.modelRank(folder, rank, construction(), progress);
	}

	/** The method's name in the phases of {@code model --stats}. */
	public String label() {
		return this == NLR ? "NLR" : name().toLowerCase(java.util.Locale.ROOT);
	}

	private Construction construction() {
		return this == GREEDY ? Construction.GREEDY : Construction.OPTIMAL;
	}
}
