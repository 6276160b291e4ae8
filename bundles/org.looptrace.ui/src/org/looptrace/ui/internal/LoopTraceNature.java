// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.eclipse.core.resources.ICommand;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IProjectDescription;
import org.eclipse.core.resources.IProjectNature;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.ui.LoopTraceUi;

/**
 * A project whose trace folders are kept modelled: the nature installs {@link LoopTraceBuilder}.
 * It sits beside any other nature, e.g. those of PTP's remote and synchronized projects.
 */
public final class LoopTraceNature implements IProjectNature {

	private @Nullable IProject project;

	/** Adds the nature (and so the builder) to {@code project}; nothing when it has it already. */
	public static void addTo(IProject project, @Nullable IProgressMonitor monitor) throws CoreException {
		IProjectDescription description = project.getDescription();
		List<String> natures = new ArrayList<>(Arrays.asList(description.getNatureIds()));
		if (!natures.contains(LoopTraceUi.NATURE_ID)) {
			natures.add(LoopTraceUi.NATURE_ID);
			description.setNatureIds(natures.toArray(String[]::new));
			project.setDescription(description, monitor);
		}
	}

	@Override
	public void configure() throws CoreException {
		IProject owner = getProject();
		IProjectDescription description = owner.getDescription();
		List<ICommand> commands = new ArrayList<>(Arrays.asList(description.getBuildSpec()));
		if (commands.stream().noneMatch(command -> LoopTraceUi.BUILDER_ID.equals(command.getBuilderName()))) {
			ICommand command = description.newCommand();
			command.setBuilderName(LoopTraceUi.BUILDER_ID);
			commands.add(command);
			description.setBuildSpec(commands.toArray(ICommand[]::new));
			owner.setDescription(description, null);
		}
	}

	@Override
	public void deconfigure() throws CoreException {
		IProject owner = getProject();
		IProjectDescription description = owner.getDescription();
		description.setBuildSpec(Arrays.stream(description.getBuildSpec())
				.filter(command -> !LoopTraceUi.BUILDER_ID.equals(command.getBuilderName())).toArray(ICommand[]::new));
		owner.setDescription(description, null);
	}

	@Override
	public IProject getProject() {
		IProject owner = project;
		if (owner == null) {
			throw new IllegalStateException("the nature is not set on a project yet");
		}
		return owner;
	}

	@Override
	public void setProject(@Nullable IProject project) {
		this.project = project;
	}
}
