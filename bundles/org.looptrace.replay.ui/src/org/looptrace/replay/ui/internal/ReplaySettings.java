// SPDX-License-Identifier: EPL-2.0
package org.looptrace.replay.ui.internal;

import java.io.IOException;
import java.nio.file.Path;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
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

/**
 * What a replay program is generated from and into.
 *
 * @param model   the model file
 * @param folder  the workspace folder the program is written into
 * @param options the data traces (or none) and the computation to replay
 */
record ReplaySettings(IFile model, IFolder folder, ReplayOptions options) {

	/** The folder the program goes into unless the user says otherwise: {@code replay} beside the model. */
	static final String FOLDER = "replay";

	/**
	 * The settings a model starts with: a {@code replay} folder beside it, and its trace folder as the
	 * Profile view finds it (its {@code // traces:} line, else its own folder) when that holds data traces.
	 */
	static ReplaySettings defaults(IFile model) throws CoreException, IOException {
		IFolder folder = model.getParent().getFolder(IPath.fromOSString(FOLDER));
		return new ReplaySettings(model, folder, new ReplayOptions(dataFolder(model), ReplayOptions.Compute.NONE));
	}

	/**
	 * The number of ranks of a model, which its program must run on.
	 *
	 * @throws CoreException naming the model and what is wrong when it cannot be read or replayed
	 */
	static int ranks(IFile model) throws CoreException {
		try {
			return ReplayGenerator.generate(ModelText.parse(ModelViews.read(model), model.getFullPath().toString()), model.getName(),
					ReplayOptions.NONE, Progress.NONE).ranks();
		} catch (IOException | ModelTextException | ReplayException e) {
			throw new CoreException(Status.error(e.getMessage(), e));
		}
	}

	/** The model's trace folder when it holds data traces, else null. */
	static @Nullable Path dataFolder(IFile model) throws CoreException, IOException {
		IPath location = model.getLocation();
		if (location == null) {
			return null;
		}
		Path traces = TracesComment.traceFolder(location.toPath(), ModelViews.read(model));
		return TimeProfile.hasDataTraces(traces) ? traces : null;
	}
}
