// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.ui.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Objects;
import java.util.stream.Stream;

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.IPath;
import org.looptrace.cli.Main;
import org.looptrace.model.core.Progress;
import org.looptrace.testsupport.Otf2Archives;
import org.looptrace.testsupport.RandomPrograms;
import org.looptrace.trace.otf2.Otf2Archive;
import org.looptrace.ui.testsupport.CliOutput;

/**
 * Runs whose traces are an OTF2 archive (a Score-P or EZTrace run), modelled in a project as the
 * command line models them, for the views to read the archive's data from.
 */
final class ArchiveRuns {

	private ArchiveRuns() {
	}

	/**
	 * The archive of a random program of 4 ranks written into {@code run} (outside the workspace: the
	 * writer takes no blank in a path), modelled there into {@code model.loops} by the command line,
	 * and linked into {@code parent} as a run of a cluster's file system is. The trace folder
	 * modelling converted the archive into is removed: the views convert it themselves.
	 */
	static IFile modelled(IContainer parent, Path run, long seed) throws Exception {
		Otf2Archives.program(RandomPrograms.shaped(4, seed), run);
		CliOutput.of(Main::run, "model", run.toString(), "-o", run.resolve("model.loops").toString());
		try (Stream<Path> files = Files.walk(run.resolve(".looptrace"))) {
			for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
				Files.delete(file);
			}
		}
		IFolder folder = parent.getFolder(IPath.fromOSString(Objects.requireNonNull(run.getFileName()).toString()));
		folder.createLink(IPath.fromPath(run), IResource.NONE, null);
		return folder.getFile("model.loops");
	}

	/** The anchor of the archive beside a model made by {@link #modelled}. */
	static Path anchor(IFile model) {
		return model.getParent().getLocation().toPath().resolve(Otf2Archive.ANCHOR);
	}

	/** The archive beside a model, converted apart into {@code folder}: what the views must read. */
	static Path convertedApart(IFile model, Path folder) throws IOException {
		Otf2Archive.open(anchor(model)).convert(folder, false, 1, Progress.NONE);
		return folder;
	}

	/** As {@link #modelled}, then the archive broken: its anchor is no OTF2 anchor any more. */
	static IFile broken(IContainer parent, Path run, long seed) throws Exception {
		IFile model = modelled(parent, run, seed);
		Files.writeString(anchor(model), "not an anchor\n");
		return model;
	}
}
