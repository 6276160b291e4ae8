// SPDX-License-Identifier: EPL-2.0
package org.looptrace.replay.ui.internal;

import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IProject;
import org.looptrace.merge.MergeOptions;
import org.looptrace.model.Model;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.Progress;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.pipeline.Pipeline;
import org.looptrace.trace.TraceFolder;
import org.looptrace.ui.testsupport.TestProjects;

/** The ring-8 example in a new project: its trace and data files in {@code ring-8/}, its model {@code model.loops} beside them. */
final class RingModel {

	private RingModel() {
	}

	/** The ring-8 run copied into a folder of the file system, outside the workspace, with its model; the model. */
	static Path outside(Path folder) throws Exception {
		try (var files = Files.list(TestProjects.examples().resolve("ring-8"))) {
			for (Path file : files.toList()) {
				Files.copy(file, folder.resolve(file.getFileName()));
			}
		}
		Model ring = Pipeline.model(TraceFolder.open(folder), NlrOptions.DEFAULTS, new MergeOptions(2, true), Progress.NONE);
		return Files.writeString(folder.resolve("model.loops"), ModelPrinter.print(ring));
	}

	/** Creates the project and returns the model. */
	static IFile create(IProject project) throws Exception {
		TestProjects.create(project);
		IFolder run = TestProjects.traceFolder(project, "ring-8", folder -> {
			try (var files = Files.list(TestProjects.examples().resolve("ring-8"))) {
				for (Path file : files.toList()) {
					Files.copy(file, folder.resolve(file.getFileName()));
				}
			}
		});
		Model ring = Pipeline.model(TraceFolder.open(run.getLocation().toPath()), NlrOptions.DEFAULTS, new MergeOptions(2, true), Progress.NONE);
		return TestProjects.write(run.getFile("model.loops"), ModelPrinter.print(ring));
	}
}
