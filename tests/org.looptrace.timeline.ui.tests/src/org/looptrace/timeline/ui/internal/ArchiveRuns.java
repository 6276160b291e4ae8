// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.ui.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.looptrace.cli.Main;
import org.looptrace.model.core.Progress;
import org.looptrace.testsupport.Otf2Archives;
import org.looptrace.testsupport.RandomPrograms;
import org.looptrace.trace.otf2.Otf2Archive;
import org.looptrace.ui.testsupport.TestProjects;

/**
 * Runs whose traces are an OTF2 archive (a Score-P or EZTrace run), modelled in a project as the
 * command line models them, for the views to read the archive's data from.
 */
final class ArchiveRuns {

	private ArchiveRuns() {
	}

	/**
	 * A folder holding the archive of a random program of 4 ranks and its {@code model.loops}. The
	 * trace folder modelling converted the archive into is removed: the views convert it themselves.
	 */
	static IFile modelled(IContainer parent, String name, long seed) throws Exception {
		IFile model = TestProjects.modelledRun(parent, name, folder -> {
			try {
				Otf2Archives.program(RandomPrograms.shaped(4, seed), folder);
			} catch (InterruptedException e) {
				Thread.currentThread().interrupt();
				throw new IOException(e);
			}
		}, Main::run);
		Path converted = anchor(model).resolveSibling(".looptrace");
		try (Stream<Path> files = Files.walk(converted)) {
			for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
				Files.delete(file);
			}
		}
		model.getParent().refreshLocal(IResource.DEPTH_INFINITE, null);
		return model;
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
	static IFile broken(IContainer parent, String name, long seed) throws Exception {
		IFile model = modelled(parent, name, seed);
		Files.writeString(anchor(model), "not an anchor\n");
		return model;
	}
}
