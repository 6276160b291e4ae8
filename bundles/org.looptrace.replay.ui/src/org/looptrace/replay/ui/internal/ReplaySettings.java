// SPDX-License-Identifier: EPL-2.0
package org.looptrace.replay.ui.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

import org.eclipse.core.resources.IWorkspaceRoot;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.Status;
import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.lang.ModelText;
import org.looptrace.lang.ModelTextException;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TracesComment;
import org.looptrace.replay.ReplayException;
import org.looptrace.replay.ReplayGenerator;
import org.looptrace.replay.ReplayOptions;
import org.looptrace.scanner.profile.TimeProfile;
import org.looptrace.ui.ModelViews;
import org.looptrace.ui.ModelViews.ModelFile;

/**
 * What a replay program is generated from and into.
 *
 * @param model   the model file, in the workspace or not
 * @param folder  the folder the program is written into, on the file system (in the workspace or not)
 * @param options the data traces (or none) and the computation to replay
 */
record ReplaySettings(ModelFile model, Path folder, ReplayOptions options) {

	/** The folder the program goes into unless the user says otherwise: {@code replay} beside the model. */
	static final String FOLDER = "replay";

	/**
	 * The settings a model starts with: a {@code replay} folder beside it, and its trace folder as the
	 * Profile view finds it (its {@code // traces:} line, else its own folder) when that holds data traces.
	 */
	static ReplaySettings defaults(ModelFile model) throws CoreException, IOException {
		return new ReplaySettings(model, model.location().resolveSibling(FOLDER), new ReplayOptions(dataFolder(model), ReplayOptions.Compute.NONE));
	}

	/**
	 * The number of ranks of a model, which its program must run on.
	 *
	 * @throws CoreException naming the model and what is wrong when it cannot be read or replayed
	 */
	static int ranks(ModelFile model) throws CoreException {
		try {
			return ReplayGenerator.generate(ModelText.parse(model.read(), model.label()), model.name(), ReplayOptions.NONE, Progress.NONE).ranks();
		} catch (IOException | ModelTextException | ReplayException e) {
			throw new CoreException(Status.error(e.getMessage(), e));
		}
	}

	/** The model's trace folder when it holds data traces, else null. */
	static @Nullable Path dataFolder(ModelFile model) throws CoreException, IOException {
		Path traces = TracesComment.traceFolder(model.location(), model.read());
		return TimeProfile.hasDataTraces(traces) ? traces : null;
	}

	/**
	 * The folder a path names, as the dialog and the launch tab take it: a folder of an open project
	 * (its workspace path), else an absolute path of the file system whose parent folder exists (for a
	 * model outside the workspace); null for anything else.
	 */
	static @Nullable Path folder(String path) {
		IWorkspaceRoot root = ResourcesPlugin.getWorkspace().getRoot();
		IPath workspacePath = IPath.fromPortableString(path);
		if (workspacePath.isAbsolute() && workspacePath.segmentCount() >= 2 && root.getProject(workspacePath.segment(0)).isOpen()) {
			IPath location = root.getFolder(workspacePath).getLocation();
			return location == null ? null : location.toPath();
		}
		try {
			Path folder = Path.of(path);
			return folder.isAbsolute() && folder.getParent() != null && Files.isDirectory(folder.getParent()) ? folder.normalize() : null;
		} catch (InvalidPathException e) {
			return null;
		}
	}

	/** How the dialog and messages name the program's folder: its workspace path, else its path in the file system. */
	String folderLabel() {
		return ModelViews.label(folder);
	}
}
