// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.internal.wizards;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.ui.LoopTraceUi;
import org.looptrace.ui.internal.LoopTraceNature;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;

/**
 * A project holding the example runs shipped with LoopTrace (the repository's {@code examples/},
 * packaged into this bundle by its pom), with the LoopTrace nature: its builder models every run.
 */
public final class ExampleProject {

	/** The folder of the bundle that holds the examples. */
	static final String EXAMPLES = "examples";

	private ExampleProject() {
	}

	/** Creates and opens {@code project} (which must not exist) with the examples, then adds the nature. */
	public static void create(IProject project, @Nullable IProgressMonitor monitor) throws CoreException {
		Bundle bundle = FrameworkUtil.getBundle(ExampleProject.class);
		Enumeration<URL> found = bundle == null ? null : bundle.findEntries(EXAMPLES, "*", true);
		List<URL> entries = found == null ? List.of() : new ArrayList<>(Collections.list(found));
		if (entries.isEmpty()) {
			throw new CoreException(Status.error("the examples are missing from bundle " + LoopTraceUi.BUNDLE_ID));
		}
		SubMonitor progress = SubMonitor.convert(monitor, entries.size() + 2);
		project.create(progress.split(1));
		project.open(progress.split(1));
		for (URL entry : entries) {
			String path = entry.getPath();
			String relative = path.substring(path.indexOf(EXAMPLES + "/") + EXAMPLES.length() + 1);
			if (relative.isEmpty() || relative.endsWith("/")) {
				progress.worked(1);
				continue;
			}
			IFile file = project.getFile(IPath.fromPortableString(relative));
			TraceFolderImport.createParents(file.getParent());
			try (InputStream in = entry.openStream()) {
				file.create(in, true, progress.split(1));
			} catch (IOException e) {
				throw new CoreException(Status.error("could not copy the example " + relative + ": " + e.getMessage(), e));
			}
		}
		// last: the builder models the runs once they are all there
		LoopTraceNature.addTo(project, null);
	}
}
